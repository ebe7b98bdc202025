import { randomUUID } from 'node:crypto';
import { INVITATION_TTL_DAYS, type Gender, type Identifier, type Invitation, type InvitationInput } from '@careslot/contracts';
import type { Database } from '../../platform/db';
import type { Outbox } from '../../platform/outbox';

interface InvitationRow {
  id: string;
  practice_id: string;
  given_name: string;
  family_name: string;
  email: string | null;
  phone: string | null;
  birth_date: string | null;
  gender: Gender | null;
  address: Invitation['Address'];
  identifier: Identifier[];
  created_by: string;
  expires_at: Date | string;
  accepted_by: string | null;
}

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
  await database.query(
    `insert into identity_invitations (id, practice_id, given_name, family_name, email, phone, birth_date, gender,
       address, identifier, created_by, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      id,
      input.Practice.Id,
      name.Given.map((g) => g.trim()).join(' '),
      name.Family.trim(),
      email,
      phone || null,
      input.BirthDate ?? null,
      input.Gender ?? null,
      JSON.stringify(input.Address ?? {}),
      JSON.stringify(input.Identifier ?? []),
      createdBy,
      now,
      new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 60 * 60_000),
    ],
  );
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

export async function findInvitation(database: Database, id: string, now: Date): Promise<StoredInvitation | null> {
  const rows = await database.query<InvitationRow>(
    `select id, practice_id, given_name, family_name, email, phone, to_char(birth_date, 'YYYY-MM-DD') as birth_date,
       gender, address, identifier, created_by, expires_at, accepted_by
     from identity_invitations where id = $1`,
    [id],
  );
  const row = rows[0];
  return row ? { invitation: toInvitation(row, now), acceptedBy: row.accepted_by } : null;
}

/** Marks a pending invitation used by a patient; false when it was used, expired or never existed. */
export async function claimInvitation(database: Database, id: string, patientId: string, now: Date): Promise<boolean> {
  const rows = await database.query<{ id: string }>(
    `update identity_invitations set accepted_by = $2, accepted_at = $3
     where id = $1 and accepted_by is null and expires_at > $3 returning id`,
    [id, patientId, now],
  );
  return rows.length > 0;
}
