import type { Connection, Database } from '../platform/db';
import { seedReferenceData, type ReferenceSeedResult } from './catalog';
import { seedDemoAccounts, seedDemoEhrAccount } from './demo-accounts';
import { seedDemoDirectory, type DemoSeedResult } from './demo';
import { seedDemoBookingFlow } from './booking-forms';
import { seedDemoApprovals, seedDemoPaymentConfigs } from './payments';
import { seedDemoSchedules } from './schedules';
import { seedProviderSearch } from './search';
import { seedDemoReputation } from './reputation';
import { isEmpty } from './sql';

export { DEMO_PEOPLE, DEMO_PRACTICE_IDS, demoPerson, type DemoPerson } from './demo';
export { DEMO_PASSWORD, demoAccounts } from './demo-accounts';
export { DEMO_PAYPAL_PROVIDER_ID, DEMO_VISIT_FEE } from './payments';
export { seedGeneratedDirectory, type GenerateOptions } from './generator';

// Any fixed number works; instances sharing a PostgreSQL database must agree on it.
const SEED_LOCK_KEY = 727_015_100;

export interface SeedOptions {
  /** SEED_DEMO_DATA: load the demo directory when there are no organizations yet. */
  demo: boolean;
}

export interface SeedResult {
  reference: ReferenceSeedResult;
  demo: DemoSeedResult | null;
}

/**
 * Brings a migrated database's data up to what the product needs: the reference catalog whenever it is
 * missing, and the demo directory on a database without practices. One transaction, so a failed first
 * start leaves nothing half-loaded; one advisory lock, so parallel instances on PostgreSQL seed once.
 */
export async function seedDatabase(database: Database, options: SeedOptions): Promise<SeedResult> {
  return withSeedTransaction(database, async (connection) => {
    const reference = await seedReferenceData(connection);
    const demo =
      options.demo && (await isEmpty(connection, 'organizations'))
        ? await seedDemoDirectory(connection)
        : null;
    if (options.demo && (await isEmpty(connection, 'identity_users'))) await seedDemoAccounts(connection);
    if (options.demo) await seedDemoEhrAccount(connection);
    if (options.demo && (await isEmpty(connection, 'schedules'))) await seedDemoSchedules(connection);
    if (options.demo && (await isEmpty(connection, 'payment_org_configs'))) {
      await seedDemoPaymentConfigs(connection);
      await seedDemoApprovals(connection);
    }
    if (options.demo && (await isEmpty(connection, 'custom_forms'))) await seedDemoBookingFlow(connection);
    if (options.demo && (await isEmpty(connection, 'provider_search'))) await seedProviderSearch(connection);
    if (options.demo && (await isEmpty(connection, 'reputation_organization_settings')))
      await seedDemoReputation(connection);
    return { reference, demo };
  });
}

export async function withSeedTransaction<T>(
  database: Database,
  fn: (connection: Connection) => Promise<T>,
): Promise<T> {
  return database.session(async (connection) => {
    await connection.exec('begin');
    try {
      if (database.kind === 'postgres')
        await connection.query('select pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
      const result = await fn(connection);
      await connection.exec('commit');
      return result;
    } catch (error) {
      await connection.exec('rollback').catch(() => undefined);
      throw error;
    }
  });
}
