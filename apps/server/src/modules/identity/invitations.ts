import { randomUUID } from 'node:crypto';
import { INVITATION_TTL_DAYS, type Invitation, type InvitationInput } from '@careslot/contracts';
import type { Database } from '../../platform/db';
import type { Outbox } from '../../platform/outbox';
import { findInvitationRow, insertInvitation, type InvitationRow } from './store';

export { claimInvitation } from './store';

export interface StoredInvitation {
  invitation: Invitation;
  acceptedBy: string | null;
}

function toInvitation(row: InvitationRow, now: Date): Invitation {
  const given = row.given_name.split(' ').filter(Boolean);
  const expiresAt = new Date(row.expires_at);
  return {
    Id: row.id,
    Name: [{ Given: given, Family: row.family_name }],
    Telecom: [
      ...(row.email ? [{ System: 'Email' as const, Value: row.email }] : []),
      ...(row.phone ? [{ System: 'Mobile' as const, Value: row.phone }] : []),
    ],
    BirthDate: row.birth_date,
    Gender: row.gender,
    Address: row.address,
    Identifier: row.identifier,
    Practice: { Id: row.practice_id },
    Status: row.accepted_by ? 'Accepted' : expiresAt <= now ? 'Expired' : 'Pending',
    ExpiresAt: expiresAt.toISOString(),
  };
}

/** Creates an invitation (the id is the activation code) and e-mails the code when an address is given. */
export async function createInvitation(
  database: Database,
  outbox: Outbox,
  input: InvitationInput & { Name: InvitationInput['Name'] },
  createdBy: string,
  now: Date,
): Promise<Invitation> {
  const id = randomUUID();
  const name = input.Name[0]!;
  const email = (input.Telecom ?? []).find((t) => t.System === 'Email')?.Value ?? null;
  const phone = (input.Telecom ?? []).find((t) => t.System !== 'Email')?.Value.replace(/\D/g, '') ?? null;
  await insertInvitation(database, {
    id,
    practiceId: input.Practice.Id,
    givenName: name.Given.map((g) => g.trim()).join(' '),
    familyName: name.Family.trim(),
    email,
    phone: phone || null,
    birthDate: input.BirthDate ?? null,
    gender: input.Gender ?? null,
    address: input.Address ?? {},
    identifier: input.Identifier ?? [],
    createdBy,
    createdAt: now,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 60 * 60_000),
  });
  if (email) {
    await outbox.send({
      channel: 'email',
      to: email,
      subject: 'Your CareSlot activation code',
      body:
        `Hello ${name.Given[0]},\n\nYour practice invited you to CareSlot. Your activation code is ${id}.\n` +
        `Open CareSlot, choose Sign Up and enter the code to create your account. The code is valid for ` +
        `${INVITATION_TTL_DAYS} days.`,
      template: 'invitation',
    });
  }
  return (await findInvitation(database, id, now))!.invitation;
}

export async function findInvitation(
  database: Database,
  id: string,
  now: Date,
): Promise<StoredInvitation | null> {
  const row = await findInvitationRow(database, id);
  return row ? { invitation: toInvitation(row, now), acceptedBy: row.accepted_by } : null;
}
