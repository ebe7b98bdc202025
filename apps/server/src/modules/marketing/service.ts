import {
  DEMO_INTERESTS,
  type DemoInterest,
  type DemoRequest,
  type DemoRequestInput,
  type DemoRequestList,
} from '@careslot/contracts';
import type { AppDeps } from '../../platform/deps';
import * as store from './store';

/** How each interest reads in the sales team's e-mail. */
const INTEREST_LABELS: Record<DemoInterest, string> = {
  reputation_management_listings: 'Reputation management & listings',
  messenger: 'Messenger',
  online_scheduling: 'Online scheduling',
  digital_check_in: 'Digital check-in',
  telemedicine: 'Telemedicine',
  patient_surveys: 'Patient surveys',
  payments: 'Payments',
  continued_care: 'Continued care',
};

export const DEMO_REQUEST_LIST_PATH = '/super-user/settings/demo-requests';

type Deps = Pick<AppDeps, 'database' | 'outbox' | 'clock' | 'config'>;

/** A validated request (demoRequestInputSchema has trimmed it). */
type ValidInput = Omit<DemoRequestInput, 'interests'> & { interests: DemoInterest[] };

function toDemoRequest(row: store.DemoRequestRow): DemoRequest {
  return {
    Id: row.id,
    Name: row.name,
    Practice: row.practice,
    Email: row.email,
    Phone: row.phone,
    Interests: row.interests as DemoInterest[],
    Message: row.message,
    Source: row.source,
    CreatedOn: row.createdAt.toISOString(),
  };
}

function emailBody(request: DemoRequest, listUrl: string): string {
  return [
    `${request.Name} from ${request.Practice} asked for a CareSlot demo.`,
    '',
    `Name: ${request.Name}`,
    `Practice: ${request.Practice}`,
    `E-mail: ${request.Email}`,
    `Phone: ${request.Phone}`,
    `Interested in: ${request.Interests.map((i) => INTEREST_LABELS[i]).join(', ')}`,
    ...(request.Message ? [`Message: ${request.Message}`] : []),
    ...(request.Source ? [`Campaign (utm_source): ${request.Source}`] : []),
    `Received: ${request.CreatedOn}`,
    '',
    `All demo requests: ${listUrl}`,
  ].join('\n');
}

/**
 * Stores a demo request and e-mails it to the sales team through the outbox. A filled honeypot means a
 * bot: the caller gets the same answer as a person, so it learns nothing, and nothing is kept or sent.
 */
export async function submitDemoRequest(
  deps: Deps,
  input: ValidInput,
): Promise<{ stored: DemoRequest | null }> {
  if (input.website && input.website.trim() !== '') return { stored: null };
  const row = await store.insertDemoRequest(deps.database.db, {
    name: input.name,
    practice: input.practice,
    email: input.email,
    phone: input.phone,
    // One entry per interest, in the order the page lists them.
    interests: DEMO_INTERESTS.filter((interest) => input.interests.includes(interest)),
    message: input.message ? input.message : null,
    source: input.source ? input.source : null,
    createdAt: deps.clock.now(),
  });
  const request = toDemoRequest(row);
  await deps.outbox.send({
    channel: 'email',
    to: deps.config.SALES_EMAIL,
    subject: `Demo request: ${request.Practice} (${request.Name})`,
    body: emailBody(request, `${deps.config.publicUrl}${DEMO_REQUEST_LIST_PATH}`),
    template: 'demo-request',
  });
  return { stored: request };
}

export async function listDemoRequests(
  deps: Pick<Deps, 'database'>,
  page: number,
  limit: number,
): Promise<DemoRequestList> {
  const { rows, total } = await store.listDemoRequests(deps.database.db, page, limit);
  return { Data: rows.map(toDemoRequest), Total: total };
}
