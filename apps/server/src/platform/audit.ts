import type { FastifyRequest } from 'fastify';
import type { Database } from './db';

export type AuditAction = 'read' | 'create' | 'update' | 'delete' | 'search' | 'login' | 'logout';
export type AuditOutcome = 'success' | 'denied' | 'not_found' | 'failure';

export interface AuditEvent {
  action: AuditAction;
  entityType: string;
  entityId?: string | null;
  /** The patient whose data was read or changed, when there is one. */
  patientId?: string | null;
  outcome: AuditOutcome;
  workflow?: string | null;
  detail?: Record<string, unknown> | null;
}

export interface AuditContext {
  actorId: string | null;
  actorType: string;
  ip: string | null;
  userAgent: string | null;
}

/** Who is acting and from where, read off the request (design.md §2: who, what, when, from where, outcome). */
export function auditContextOf(request: FastifyRequest): AuditContext {
  const principal = request.principal;
  return {
    actorId: principal?.userId ?? principal?.subject ?? null,
    actorType: principal ? (principal.isGuest ? 'Guest' : (principal.userType ?? 'User')) : 'Anonymous',
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
  };
}

/** Appends one row to the audit trail. Every read or change of patient data calls this. */
export async function recordAudit(database: Pick<Database, 'query'>, context: AuditContext, event: AuditEvent) {
  await database.query(
    `insert into audit_events (actor_id, actor_type, action, entity_type, entity_id, patient_id, workflow, ip, user_agent, outcome, detail)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      context.actorId,
      context.actorType,
      event.action,
      event.entityType,
      event.entityId ?? null,
      event.patientId ?? null,
      event.workflow ?? null,
      context.ip,
      context.userAgent,
      event.outcome,
      event.detail ? JSON.stringify(event.detail) : null,
    ],
  );
}
