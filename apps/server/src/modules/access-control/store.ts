import { PRACTICE_ROLE_CODES, type FeatureCode, type PracticeRoleCode } from '@careslot/contracts';
import { randomUUID } from 'node:crypto';
import type { Connection } from '../../platform/db';

/** SQL of access_entity_configurations (migration 20261127T0601), this module's only table. */

export interface ConfigurationRow {
  id: string;
  organization_id: string;
  entity_type: 'Role';
  entity_id: PracticeRoleCode;
  services: { ServiceCode: FeatureCode; Enabled: boolean }[] | string;
  updated_at: Date | string;
}

const COLUMNS = 'id, organization_id, entity_type, entity_id, services, updated_at';

/** One row per role of the practice, made with the spec's defaults (no switch off) the first time anyone asks. */
export async function ensureConfigurations(connection: Connection, organizationId: string): Promise<void> {
  const values = PRACTICE_ROLE_CODES.map(
    (_, i) => `($${i * 2 + 1}::uuid, $${PRACTICE_ROLE_CODES.length * 2 + 1}::uuid, 'Role', $${i * 2 + 2})`,
  ).join(', ');
  const params: unknown[] = PRACTICE_ROLE_CODES.flatMap((role) => [randomUUID(), role]);
  params.push(organizationId);
  await connection.query(
    `insert into access_entity_configurations (id, organization_id, entity_type, entity_id) values ${values}
     on conflict (organization_id, entity_type, entity_id) do nothing`,
    params,
  );
}

export async function configurationsOf(
  connection: Connection,
  organizationId: string,
  roles?: readonly string[],
): Promise<ConfigurationRow[]> {
  return connection.query<ConfigurationRow>(
    `select ${COLUMNS} from access_entity_configurations
      where organization_id = $1 and ($2::text[] is null or entity_id = any($2::text[]))
      order by array_position(array['practiceadmin', 'provider', 'staff']::text[], entity_id)`,
    [organizationId, roles?.length ? [...roles] : null],
  );
}

export async function configurationById(
  connection: Connection,
  id: string,
): Promise<ConfigurationRow | null> {
  const [row] = await connection.query<ConfigurationRow>(
    `select ${COLUMNS} from access_entity_configurations where id = $1`,
    [id],
  );
  return row ?? null;
}

/** Writes a role's switches; the row is locked so two admins' changes apply one after the other. */
export async function lockConfiguration(
  connection: Connection,
  id: string,
): Promise<ConfigurationRow | null> {
  const [row] = await connection.query<ConfigurationRow>(
    `select ${COLUMNS} from access_entity_configurations where id = $1 for update`,
    [id],
  );
  return row ?? null;
}

export async function saveServices(
  connection: Connection,
  id: string,
  services: { ServiceCode: FeatureCode; Enabled: boolean }[],
): Promise<void> {
  await connection.query(
    'update access_entity_configurations set services = $2::jsonb, updated_at = now() where id = $1',
    [id, JSON.stringify(services)],
  );
}
