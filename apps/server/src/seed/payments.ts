import type { Connection } from '../platform/db';
import { DEMO_PRACTICE_IDS } from './demo';
import { seedId } from './ids';

/**
 * The provider whose visit fee is paid through PayPal (decision 0024): the first generated provider of the
 * third practice (Pacific Coast Beverly Grove). The other providers there take no fee.
 */
export const DEMO_PAYPAL_PROVIDER_ID = seedId('demo:practitioner:9');

/** Demo booking settings, in dollars (stored as cents). Visit fees: the first practice takes online payments (Stripe, answered by the sandbox offline). */
export const DEMO_VISIT_FEE = { insured: 25, uninsured: 75 } as const;

/**
 * The first demo practice takes a visit fee online for every provider ($25 insured, $75 uninsured); the
 * second has online payment on but no fee; the third takes payments through PayPal and charges the fee for
 * one provider only (DEMO_PAYPAL_PROVIDER_ID), so its other providers book without one. Each flow has a practice.
 */
export async function seedDemoPaymentConfigs(connection: Connection): Promise<void> {
  const [first, second, third] = DEMO_PRACTICE_IDS;
  await connection.query(
    `insert into payment_org_configs (organization_id, enable_online_payment, gateway_name, account_number)
     values ($1, true, 'stripe', null), ($2, true, 'stripe', null), ($3, true, 'paypal', null) on conflict do nothing`,
    [first, second, third],
  );
  await connection.query(
    `insert into payment_entity_configs (organization_id, entity_type, entity_id, visit_fee_enabled, insured_cents, uninsured_cents)
     select pr.organization_id, 'provider', pr.practitioner_id, true, $3, $4
       from practitioner_roles pr where pr.organization_id = $1 and pr.practitioner_id = $2 and 'provider' = any(pr.codes)
     on conflict do nothing`,
    [third, DEMO_PAYPAL_PROVIDER_ID, DEMO_VISIT_FEE.insured * 100, DEMO_VISIT_FEE.uninsured * 100],
  );
  await connection.query(
    `insert into payment_entity_configs (organization_id, entity_type, entity_id, visit_fee_enabled, insured_cents, uninsured_cents)
     select pr.organization_id, 'provider', pr.practitioner_id, true, $2, $3
       from practitioner_roles pr where pr.organization_id = $1 and 'provider' = any(pr.codes)
     on conflict do nothing`,
    [first, DEMO_VISIT_FEE.insured * 100, DEMO_VISIT_FEE.uninsured * 100],
  );
}

/**
 * The second demo practice accepts online bookings by hand: its schedules require approval, so booking
 * there shows the pending flow.
 */
export async function seedDemoApprovals(connection: Connection): Promise<void> {
  await connection.query(
    'update schedules set requires_approval = true where location_id in (select id from locations where organization_id = $1)',
    [DEMO_PRACTICE_IDS[1]],
  );
}
