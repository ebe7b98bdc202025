import { AUDIT_SYSTEM, type AuditTrail, type Identifier } from '@careslot/contracts';
import type { IdentifierRow } from './paging';

/**
 * Pieces every FHIR-shaped read shares (organizations, people, patients): the audit trail of a row, its
 * identifiers, rows grouped by owner, and a page of the spec's lists.
 */
export interface Paged<T> {
  Data: T[];
  Total: number;
}

export function auditTrail(row: {
  createdAt: Date;
  updatedAt: Date;
  createdBySystem?: string;
  lastChangedBySystem?: string;
  workflow?: string | null;
}): AuditTrail {
  return {
    CreatedBySystem: row.createdBySystem ?? AUDIT_SYSTEM,
    LastChangedBySystem: row.lastChangedBySystem ?? AUDIT_SYSTEM,
    WorkflowOrServiceName: row.workflow ?? null,
    CreatedOn: row.createdAt.toISOString(),
    LastChangedOn: row.updatedAt.toISOString(),
  };
}

export function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const bucket = map.get(k);
    if (bucket) bucket.push(item);
    else map.set(k, [item]);
  }
  return map;
}

export const toIdentifier = (row: IdentifierRow): Identifier => ({
  System: row.system,
  Value: row.value,
  Use: row.use,
});
