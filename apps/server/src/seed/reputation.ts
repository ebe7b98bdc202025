import type { Connection } from '../platform/db';

/**
 * The demo practices that have reputation management on get their review-platform settings (decision 0058), so
 * the Reputation Management item their menus show opens the sign-on form: a 32-character API key and a
 * 15-character business id, derived from the practice id (hex digits, letters and numbers as the rules ask).
 */
export async function seedDemoReputation(connection: Connection): Promise<void> {
  await connection.query(
    `insert into reputation_organization_settings (id, organization_id, api_key, business_id, is_active)
     select gen_random_uuid(), id, md5(id::text || ':api-key'), substr(md5(id::text || ':business'), 1, 15), true
       from organizations where has_reputation_enabled
     on conflict (organization_id) do nothing`,
  );
}
