import type { Connection } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { getOrganization } from '../organizations';
import { getPatientById } from '../patients';

/** Receipts and copay requests to the patient, through the outbox (decision 0081): sent once per dedupe key. */

type Deps = Pick<AppDeps, 'database' | 'outbox'>;

export const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export async function contactOf(
  deps: Pick<AppDeps, 'database'>,
  patientId: string,
): Promise<{ email: string | null; mobile: string | null; name: string }> {
  const patient = await getPatientById(deps.database, patientId);
  const telecom = patient?.Telecom ?? [];
  const name = patient?.Name[0]?.Given?.[0] ?? 'there';
  return {
    email: telecom.find((t) => t.System === 'Email')?.Value ?? null,
    mobile: telecom.find((t) => t.System === 'Mobile' || t.System === 'Phone')?.Value ?? null,
    name,
  };
}

export async function practiceName(deps: Pick<AppDeps, 'database'>, organizationId: string): Promise<string> {
  return (await getOrganization(deps.database, organizationId))?.Name ?? 'your practice';
}

/** A receipt of a payment or a refund, by e-mail. */
export async function sendReceipt(
  deps: Deps,
  receipt: {
    /** Read before the caller's transaction (on PGlite, a read beside an open transaction waits for it). */
    contact: { email: string | null; name: string };
    practice: string;
    kind: 'payment' | 'refund';
    patientId: string;
    organizationId: string;
    amountCents: number;
    reason?: string | null;
    dedupeKey: string;
  },
  tx?: Connection,
): Promise<void> {
  const { contact, practice } = receipt;
  if (!contact.email) return;
  const body =
    receipt.kind === 'payment'
      ? `Hi ${contact.name},\n\n${practice} received your payment of ${money(receipt.amountCents)}. Thank you.\n\nYou can see your balance in your patient portal.`
      : `Hi ${contact.name},\n\n${practice} refunded ${money(receipt.amountCents)} to your card.${receipt.reason ? `\nReason: ${receipt.reason}` : ''}\n\nIt may take a few days to appear on your statement. You can see your balance in your patient portal.`;
  await deps.outbox.send(
    {
      channel: 'email',
      to: contact.email,
      subject:
        receipt.kind === 'payment' ? `Payment receipt from ${practice}` : `Refund receipt from ${practice}`,
      body,
      template: receipt.kind === 'payment' ? 'payment-receipt' : 'refund-receipt',
      dedupeKey: receipt.dedupeKey,
      organizationId: receipt.organizationId,
    },
    tx,
  );
}
