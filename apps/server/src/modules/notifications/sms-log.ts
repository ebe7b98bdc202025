import type { SmsLogQuery, SmsLogRow } from '@careslot/contracts';
import { escapeHtml } from '@careslot/domain';
import { recordPracticeOutcome } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { smsLogs } from '../../platform/outbox';
import { authorizeTemplates, SMS_LOG_REPORT_WORKFLOW } from './templates';

/**
 * The SMS logs report (POST smslogsreport, /download, /print; practice-admin route
 * /practice-admin/reports/message-logs): the SMS the outbox sent for the practice, the number masked.
 */

type Deps = Pick<AppDeps, 'database'>;

/** Every digit but the last four hidden: +1•••••••0142 reads "***-***-0142". */
export function maskPhone(recipient: string): string {
  const digits = recipient.replace(/\D/g, '');
  return digits.length <= 4 ? '****' : `***-***-${digits.slice(-4)}`;
}

const dayStart = (date: string) => new Date(`${date}T00:00:00.000Z`);

async function read(
  deps: Deps,
  context: RequestContext,
  query: SmsLogQuery,
  how: 'find' | 'download' | 'print',
  all: boolean,
) {
  await authorizeTemplates(context, query.OrganizationId, 'SmsLog', 'search', SMS_LOG_REPORT_WORKFLOW);
  const to = dayStart(query.To);
  to.setUTCDate(to.getUTCDate() + 1);
  const limit = all ? 10_000 : query.PageSize;
  const offset = all ? 0 : (query.PageNumber - 1) * query.PageSize;
  const { rows, total } = await smsLogs(deps.database, {
    organizationId: query.OrganizationId,
    from: dayStart(query.From),
    to,
    search: query.Search?.trim() || null,
    limit,
    offset,
  });
  // No patient's data leaves unmasked; the row says who read the report, how and how many rows.
  await recordPracticeOutcome(context, 'search', {
    entityType: 'SmsLog',
    id: query.OrganizationId,
    organizationId: query.OrganizationId,
    workflow: SMS_LOG_REPORT_WORKFLOW,
    detail: { how, from: query.From, to: query.To, rows: rows.length, total },
  });
  const data: SmsLogRow[] = rows.map((r) => ({
    Id: r.id,
    SentAt: new Date(r.created_at).toISOString(),
    Recipient: maskPhone(r.recipient),
    WorkflowKey: r.workflow_key ?? r.template,
    Status: r.status,
  }));
  return { Data: data, Total: total };
}

export const findSmsLogs = (deps: Deps, context: RequestContext, query: SmsLogQuery) =>
  read(deps, context, query, 'find', false);

const HEADERS = ['Sent at (UTC)', 'Recipient', 'Workflow key', 'Status'];

/** A CSV cell: quoted, and a leading = + - @ made inert (no formula injection in a spreadsheet). */
const cell = (value: string) => `"${(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;

export async function smsLogsCsv(deps: Deps, context: RequestContext, query: SmsLogQuery): Promise<string> {
  const { Data } = await read(deps, context, query, 'download', true);
  return (
    [HEADERS, ...Data.map((r) => [r.SentAt, r.Recipient, r.WorkflowKey, r.Status])]
      .map((line) => line.map(cell).join(','))
      .join('\r\n') + '\r\n'
  );
}

export async function smsLogsPrintable(
  deps: Deps,
  context: RequestContext,
  query: SmsLogQuery,
): Promise<string> {
  const { Data, Total } = await read(deps, context, query, 'print', true);
  const rows = Data.map(
    (r) =>
      `<tr><td>${escapeHtml(r.SentAt.replace('T', ' ').slice(0, 19))}</td><td>${escapeHtml(r.Recipient)}</td><td>${escapeHtml(r.WorkflowKey)}</td><td>${escapeHtml(r.Status)}</td></tr>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>SMS logs ${escapeHtml(query.From)} to ${escapeHtml(query.To)}</title></head>
<body><main><h1>SMS logs</h1><p>${escapeHtml(query.From)} to ${escapeHtml(query.To)}: ${Total} messages</p>
<table border="1" cellpadding="4" cellspacing="0" width="100%"><thead><tr>${HEADERS.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead><tbody>
${rows}
</tbody></table></main></body></html>
`;
}
