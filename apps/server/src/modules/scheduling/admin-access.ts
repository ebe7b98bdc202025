import type { Role } from '@careslot/contracts';
import { recordAudit, type AuditAction, type AuditContext } from '../../platform/audit';
import type { RequestContext } from '../../platform/context';
import type { Connection } from '../../platform/db';
import { AppError, forbidden, notFound } from '../../platform/errors';

/**
 * Who may change a practice's calendar set-up (docs/decisions/0047): schedules, their settings, service
 * categories and service types are the practice admin's; time off and holidays are also the staff's (the
 * practice calendar blocks time). Every attempt writes one audit row with the spec's workflow name: success,
 * denied (a signed-in user without the role, 403) or not_found (another practice's object or an unknown id,
 * both 404, so a practice cannot learn that another's object exists).
 */

export const SCHEDULE_WORKFLOWS = {
  scheduleEdit: 'Schedule_Edit_Web',
  categoryAdd: 'Reason_Group_Add_Web',
  categoryEdit: 'Reason_Group_Edit_Web',
  typeAdd: 'Reason_Add_Web',
  typeEdit: 'Reason_Edit_Web',
} as const;

export const ADMIN_ROLES: ReadonlySet<Role> = new Set<Role>(['practiceadmin']);
export const CALENDAR_ROLES: ReadonlySet<Role> = new Set<Role>(['practiceadmin', 'staff']);

export interface AdminTarget {
  entityType: 'Schedule' | 'ScheduleSetting' | 'ScheduleException' | 'ServiceCategory' | 'ServiceType';
  /** The object's id; null for a create. */
  id: string | null;
  /** The practice owning the object; undefined when the object does not exist (a create passes the caller's). */
  organizationId: string | null | undefined;
  workflow: string;
  detail?: Record<string, unknown>;
}

function auditContext(context: RequestContext): AuditContext {
  return {
    actorId: context.userId ?? context.subject,
    actorType: context.actorType,
    ip: context.ip,
    userAgent: context.userAgent,
    organizationId: context.organizationId,
    purpose: context.purpose,
  };
}

/** One audit row about a calendar set-up object, on the connection given (a transaction's, for a change). */
export function auditSetup(
  db: Pick<Connection, 'query'>,
  context: RequestContext,
  action: Extract<AuditAction, 'create' | 'update' | 'delete' | 'read'>,
  target: AdminTarget,
  outcome: 'success' | 'denied' | 'not_found',
  reason?: string,
) {
  return recordAudit(db, auditContext(context), {
    action,
    entityType: target.entityType,
    entityId: target.id,
    outcome,
    workflow: target.workflow,
    detail: { ...target.detail, ...(reason ? { reason } : {}) },
  });
}

/**
 * Allows the change or throws (401 guest, 403 without the role, 404 for another's or an unknown object),
 * auditing the decision. Returns the caller's practice.
 */
export async function authorizeSetup(
  context: RequestContext,
  action: Extract<AuditAction, 'create' | 'update' | 'delete' | 'read'>,
  target: AdminTarget,
  roles: ReadonlySet<Role> = ADMIN_ROLES,
): Promise<string> {
  if (!context.isSignedIn) throw new AppError('unauthorized');
  const record = (outcome: 'success' | 'denied' | 'not_found', reason?: string) =>
    auditSetup(context.access.database, context, action, target, outcome, reason);
  const practice = context.organizationId;
  if (!practice || !context.roles.some((r) => roles.has(r))) {
    await record('denied', 'not_permitted');
    throw forbidden();
  }
  if (target.organizationId === undefined || target.organizationId === null) {
    await record('not_found');
    throw notFound();
  }
  if (target.organizationId !== practice) {
    await record('denied', 'other_practice');
    throw notFound();
  }
  await record('success');
  return practice;
}
