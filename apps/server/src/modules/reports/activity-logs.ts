import { authorizePractice, ROLE_SETS } from '../../platform/access';
import { practiceActivity, signInEvents, type ActivityRow, type SignInRow } from '../../platform/audit-log';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { practiceAccounts, type PracticeAccount } from '../identity';
import { cell } from './service';
import { xlsxOf } from './xlsx';

/**
 * The practice's activity log and session log (issue 28; practice-portal.md §1, §3.9, §7 Logging): what the
 * practice's users did, when and from where (the audit trail's rows of users acting for the practice), and their
 * sign-ins and sign-outs. For the practice's admins (and super users). No patient data: the rows name the kind of
 * object acted on, never which one, and the device is read off the user agent.
 */

type Deps = Pick<AppDeps, 'database'>;

export const ACTIVITY_LOG_WORKFLOW = 'Activity_Log_Web';
export const SESSION_LOG_WORKFLOW = 'Session_Log_Web';
export type LogKind = 'activities' | 'sessions';
export const ACTIVITY_ACTIONS = ['read', 'create', 'update', 'delete', 'search'] as const;
export const SESSION_ACTIONS = ['login', 'logout'] as const;

export interface LogQuery {
  OrganizationId?: string | undefined;
  From: string;
  To: string;
  UserId?: string | undefined;
  Action?: string | undefined;
  PageNumber: number;
  PageSize: number;
}

export interface LogUser {
  UserId: string;
  UserName: string;
  UserType: string;
}

export interface LogRow {
  ActionTime: string;
  UserId: string | null;
  UserName: string | null;
  UserType: string;
  Action: string;
  /** The kind of object acted on (activities only). */
  Entity: string | null;
  UserWorkflow: string | null;
  Outcome: string;
  ClientIp: string | null;
  Browser: string | null;
  DeviceOs: string | null;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** The device info of a user agent (§3.9 deviceOs and the browser): null for what it does not name. */
export function deviceOf(userAgent: string | null): { Browser: string | null; DeviceOs: string | null } {
  const pick = (table: [RegExp, string][]) =>
    userAgent ? (table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null) : null;
  return { Browser: pick(BROWSERS), DeviceOs: pick(SYSTEMS) };
}

const LOGS = {
  activities: { entityType: 'UserActivityLog', workflow: ACTIVITY_LOG_WORKFLOW, title: 'Activity log' },
  sessions: { entityType: 'UserSessionLog', workflow: SESSION_LOG_WORKFLOW, title: 'Session log' },
} as const;

const userIdOf = (account: PracticeAccount) => account.userId ?? account.accountId;

async function read(
  deps: Deps,
  context: RequestContext,
  kind: LogKind,
  query: LogQuery,
  action: 'find' | 'download',
  all: boolean,
): Promise<{ Data: LogRow[]; Total: number; Users: LogUser[] }> {
  const log = LOGS[kind];
  const organizationId = (await authorizePractice(
    context,
    'search',
    {
      organizationId: query.OrganizationId ?? null,
      inCallersPractice: query.OrganizationId === undefined,
      entityType: log.entityType,
      id: null,
      workflow: log.workflow,
      // The log's own logged activity: the action and page, never the filters' values.
      detail: { action, page: query.PageNumber },
    },
    { roles: ROLE_SETS.ADMINS },
  ))!;
  const accounts = await practiceAccounts(deps.database, organizationId);
  const byUserId = new Map(accounts.map((a) => [userIdOf(a), a]));
  const byAccountId = new Map(accounts.map((a) => [a.accountId, a]));
  const window = {
    from: `${query.From}T00:00:00Z`,
    toExclusive: new Date(Date.parse(`${query.To}T00:00:00Z`) + 86_400_000).toISOString(),
    offset: all ? 0 : (query.PageNumber - 1) * query.PageSize,
    limit: all ? 10_000 : query.PageSize,
  };
  const Users = accounts.map((a) => ({ UserId: userIdOf(a), UserName: a.name, UserType: a.userType }));
  if (kind === 'activities') {
    const { rows, total } = await practiceActivity(deps.database, {
      ...window,
      organizationId,
      actorId: query.UserId ?? null,
      action: query.Action ?? null,
    });
    return { Total: total, Users, Data: rows.map((r) => activityRow(r, byUserId.get(r.actor_id ?? ''))) };
  }
  const chosen =
    query.UserId === undefined ? accounts : [byUserId.get(query.UserId)].filter((a) => a !== undefined);
  const { rows, total } = await signInEvents(deps.database, {
    ...window,
    accountIds: chosen.map((a) => a.accountId),
    action: query.Action === 'login' || query.Action === 'logout' ? query.Action : null,
  });
  return { Total: total, Users, Data: rows.map((r) => sessionRow(r, byAccountId.get(r.account_id))) };
}

const iso = (value: Date | string) => new Date(value).toISOString();

function activityRow(r: ActivityRow, account: PracticeAccount | undefined): LogRow {
  return {
    ActionTime: iso(r.occurred_at),
    UserId: r.actor_id,
    UserName: account?.name ?? null,
    UserType: r.actor_type,
    Action: r.action,
    Entity: r.entity_type,
    UserWorkflow: r.workflow,
    Outcome: r.outcome,
    ClientIp: r.ip,
    ...deviceOf(r.user_agent),
  };
}

function sessionRow(r: SignInRow, account: PracticeAccount | undefined): LogRow {
  return {
    ActionTime: iso(r.occurred_at),
    UserId: account ? userIdOf(account) : r.account_id,
    UserName: account?.name ?? null,
    UserType: account?.userType ?? 'User',
    Action: r.action,
    Entity: null,
    UserWorkflow: null,
    Outcome: r.outcome,
    ClientIp: r.ip,
    ...deviceOf(r.user_agent),
  };
}

export const findLog = (deps: Deps, context: RequestContext, kind: LogKind, query: LogQuery) =>
  read(deps, context, kind, query, 'find', false);

const HEADERS = {
  activities: [
    'Time (UTC)',
    'User',
    'User id',
    'Action',
    'Object',
    'Workflow',
    'Outcome',
    'IP',
    'Browser',
    'OS',
  ],
  sessions: ['Time (UTC)', 'User', 'User id', 'Action', 'Outcome', 'IP', 'Browser', 'OS'],
} as const;

function line(kind: LogKind, r: LogRow): string[] {
  const who = [r.ActionTime, r.UserName ?? '', r.UserId ?? '', r.Action];
  const where = [r.Outcome, r.ClientIp ?? '', r.Browser ?? '', r.DeviceOs ?? ''];
  return kind === 'activities'
    ? [...who, r.Entity ?? '', r.UserWorkflow ?? '', ...where]
    : [...who, ...where];
}

/** The whole range as a file: CSV (RFC 4180, CRLF) or an Excel workbook, like the practice's reports. */
export async function logFile(
  deps: Deps,
  context: RequestContext,
  kind: LogKind,
  query: LogQuery,
  format: 'csv' | 'xlsx',
): Promise<Buffer> {
  const { Data } = await read(deps, context, kind, query, 'download', true);
  const headers = [...HEADERS[kind]];
  const lines = Data.map((r) => line(kind, r));
  if (format === 'xlsx') return xlsxOf(LOGS[kind].title, headers, lines);
  return Buffer.from([headers, ...lines].map((l) => l.map(cell).join(',')).join('\r\n') + '\r\n', 'utf8');
}
