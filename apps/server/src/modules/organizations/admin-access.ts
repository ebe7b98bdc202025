import type { AccessAction } from '../../platform/access';
import { isPracticeUser, isSupportUser, recordOutcome } from '../../platform/access';
import type { AuditOutcome } from '../../platform/audit';
import type { RequestContext } from '../../platform/context';
import { AppError, forbidden, notFound } from '../../platform/errors';

/**
 * Who may set up a practice (decision 0049): its practice admins, and super users (who onboard practices).
 * A practice admin of another practice is answered 404, as if the object did not exist (no existence oracle);
 * a caller without an admin role at all is answered 403. Every decision is audited with the spec's workflow
 * name (Organization_Update_Web, Location_Add_Web, ...). These objects hold no patient data, so the patient
 * access policy (authorize) has nothing to decide; the audit row has the same shape.
 */

export interface AdminObject {
  /** The audit trail's entity type: Organization, Location, HealthcareService, CareTeam, ... */
  entityType: string;
  id: string | null;
  /** The practice owning the object; null when the object does not exist. */
  organizationId: string | null;
  workflow: string;
  detail?: Record<string, unknown>;
}

const isSuperUser = (context: RequestContext) => context.isSignedIn && context.roles.includes('superuser');
const isPracticeAdmin = (context: RequestContext) =>
  isPracticeUser(context) && context.roles.includes('practiceadmin');

/** One audit row about an administration object (written on the context's connection). */
export async function auditAdmin(
  context: RequestContext,
  action: AccessAction,
  object: AdminObject,
  outcome: AuditOutcome,
  extra?: Record<string, unknown>,
): Promise<void> {
  // recordOutcome needs a resource kind; the entity type given overrides it in the row.
  await recordOutcome(
    context,
    action,
    {
      kind: 'patient',
      id: object.id,
      patientId: null,
      entityType: object.entityType,
      workflow: object.workflow,
      detail: { organizationId: object.organizationId, ...object.detail, ...extra },
    },
    outcome,
  );
}

/**
 * Allows a change of a practice's object, or audits the refusal and throws. The success row is written by
 * the caller inside its transaction (auditAdmin on onConnection), so it exists exactly when the change does.
 */
export async function requireAdminOf(
  context: RequestContext,
  action: AccessAction,
  object: AdminObject,
): Promise<string> {
  if (!context.isSignedIn) throw new AppError('unauthorized');
  if (object.organizationId === null) {
    await auditAdmin(context, action, object, 'not_found');
    throw notFound();
  }
  if (isSuperUser(context)) return object.organizationId;
  if (isPracticeAdmin(context) && context.organizationId === object.organizationId)
    return object.organizationId;
  await auditAdmin(context, action, object, 'denied', {
    reason: isPracticeAdmin(context) ? 'other_practice' : 'not_permitted',
  });
  // Another practice's admin learns nothing; anyone else is told the action is not theirs.
  throw isPracticeAdmin(context) ? notFound() : forbidden();
}

/**
 * May the caller read a practice's settings: its own users (any practice role), support and super users.
 * Others get 404 (settings of another practice do not exist for them).
 */
export function requireReaderOf(context: RequestContext, organizationId: string | null): string {
  if (!context.isSignedIn) throw new AppError('unauthorized');
  if (organizationId === null) throw notFound();
  if (isSuperUser(context) || isSupportUser(context)) return organizationId;
  if (isPracticeUser(context) && context.organizationId === organizationId) return organizationId;
  throw notFound();
}

/** Whether the caller is a signed-in user of this practice (audited views of its objects). */
export const actsFor = (context: RequestContext, organizationId: string) =>
  isPracticeUser(context) && context.organizationId === organizationId;
