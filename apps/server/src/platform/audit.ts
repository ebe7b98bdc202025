import type { FastifyRequest } from 'fastify';
import type { Connection } from './db';

export type AuditAction = 'read' | 'create' | 'update' | 'delete' | 'search' | 'login' | 'logout';
export type AuditOutcome = 'success' | 'denied' | 'not_found' | 'failure';

export interface AuditEvent {
  action: AuditAction;
  entityType: string;
  entityId?: string | null;
  /** The patient whose data was read or changed, when there is one. */
  patientId?: string | null;
  /** The patients a list read showed (one row per list; decision 0026). */
  patientIds?: readonly string[] | null;
  outcome: AuditOutcome;
  workflow?: string | null;
  /** Never a looked-up identifier, name, e-mail or phone: ids, counts and field names only. */
  detail?: Record<string, unknown> | null;
}

/** Who acted and from where (design.md §2: who, what, when, from where, outcome). */
export interface AuditContext {
  actorId: string | null;
  actorType: string;
  ip: string | null;
  userAgent: string | null;
  /** The practice the actor acted for, if any. */
  organizationId?: string | null;
  /** The purpose a support user stated (X-Access-Purpose). */
  purpose?: string | null;
}

/**
 * Who is acting, read off the request. Kept for sign-in and sign-out events (identity); data access is
 * audited by platform/access.ts from the request context instead.
 */
export function auditContextOf(request: FastifyRequest): AuditContext {
  const principal = request.principal;
  return {
    actorId: principal?.userId ?? principal?.subject ?? null,
    actorType: principal ? (principal.isGuest ? 'Guest' : (principal.userType ?? 'User')) : 'Anonymous',
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
    organizationId: principal?.organizationId ?? null,
    purpose: request.context?.purpose ?? null,
  };
}

/**
 * Appends one row to the audit trail through audit.record(), the only way the application's database role
 * can write it (decision 0027): the role may insert, never update, delete, truncate or alter.
 */
export async function recordAudit(
  database: Pick<Connection, 'query'>,
  context: AuditContext,
  event: AuditEvent,
) {
  await database.query('select audit.record($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)', [
    context.actorId,
    context.actorType,
    context.organizationId ?? null,
    event.action,
    event.entityType,
    event.entityId ?? null,
    event.patientId ?? null,
    event.patientIds ? [...new Set(event.patientIds)] : null,
    event.workflow ?? null,
    context.purpose ?? null,
    context.ip,
    context.userAgent,
    event.outcome,
    event.detail ? JSON.stringify(event.detail) : null,
  ]);
}

/** When a user last signed in (the trail's latest successful `login` of the User), or null when never. */
export async function lastSignInAt(
  database: Pick<Connection, 'query'>,
  userId: string,
): Promise<Date | string | null> {
  const rows = await database.query<{ at: Date | string | null }>(
    `select max(occurred_at) as at from audit_events
      where entity_type = 'User' and entity_id = $1 and action = 'login' and outcome = 'success'`,
    [userId],
  );
  return rows[0]?.at ?? null;
}
