import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import {
  ACCOUNT_PATHS,
  SIGNUP_MESSAGES,
  agreementSchema,
  invitationInputSchema,
  invitationResponseSchema,
  productTokenResponseSchema,
  signupPatientSchema,
  unsignedAgreementQuerySchema,
  userAgreementSchema,
} from '@careslot/contracts';
import { auditContextOf, recordAudit } from '../../platform/audit';
import { currentPrincipal, isSignedInUser, requireRoles, requireToken, requireUser, type Principal } from '../../platform/auth';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { findAccountById, type Account } from './accounts';
import { recordAgreement, unsignedAgreements } from './agreements';
import { claimInvitation, createInvitation, findInvitation } from './invitations';
import { productTokenAnswer } from './product-token';
import { signUp, SIGNUP_WORKFLOW } from './signup';

export interface AccountRouteDeps {
  provider: Provider;
  /** Starts the SessionId cookie session (30 days) for a signed-in account. */
  startSession(reply: FastifyReply, account: Account): Promise<void>;
}

/** Roles that may act on other users' identity data (support and super users). */
const SUPPORT_ROLES = ['superuser', 'supportagent'] as const;
const isSupport = (principal: Principal) => SUPPORT_ROLES.some((role) => principal.roles.includes(role));
const PRACTICE_ROLES = ['practiceadmin', 'staff', 'provider'] as const;
/** A practice user of the given practice, or support. */
const actsForPractice = (principal: Principal | null, practiceId: string) =>
  !!principal &&
  isSignedInUser(principal) &&
  (isSupport(principal) ||
    (principal.organizationId === practiceId && PRACTICE_ROLES.some((role) => principal.roles.includes(role))));

/** The realm account behind the caller's product token; a token without one is refused. */
async function callerAccount(request: FastifyRequest, database: Parameters<typeof findAccountById>[0]) {
  const principal = currentPrincipal(request);
  const account = await findAccountById(database, principal.subject);
  if (!account) throw new AppError('unauthorized');
  return { principal, account };
}

/**
 * The product's account calls of spec §7 beyond sign-in itself: sign-up, agreements, identity user,
 * refresh, invitations, signed links and the identity token route.
 */
export function accountRoutes(deps: AccountRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { database, tokens, clock, outbox } = app.deps;
    void deps;

    app.post(
      ACCOUNT_PATHS.signup,
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary: 'Creates the patient record of a newly registered user (PATIENT_SIGNUP_WEB) and answers a product token for it',
          body: signupPatientSchema,
          response: { 200: productTokenResponseSchema },
        },
      },
      async (request) => {
        const { principal, account } = await callerAccount(request, database);
        if (account.userType !== 'Patient' || !principal.roles.includes('patient'))
          throw new AppError('forbidden', { message: SIGNUP_MESSAGES.signupFailed });
        const now = clock.now();
        const invitationId = request.body.InvitationId;
        let invitation = null;
        if (invitationId) {
          const stored = await findInvitation(database, invitationId, now);
          if (!stored || stored.invitation.Status !== 'Pending')
            throw new AppError('bad_request', {
              message: SIGNUP_MESSAGES.signupFailed,
              issues: [{ field: 'body.InvitationId', rule: 'invitation', message: 'must be a pending invitation' }],
            });
          invitation = {
            practiceId: stored.invitation.Practice.Id,
            claim: (patientId: string) => claimInvitation(database, invitationId, patientId, now),
          };
        }
        const result = await signUp(database, account, request.body, now, invitation);
        await recordAudit(database, auditContextOf(request), {
          action: 'create',
          entityType: 'Patient',
          entityId: result.patientId,
          patientId: result.patientId,
          outcome: 'success',
          workflow: SIGNUP_WORKFLOW,
          detail: { created: result.created, invitation: Boolean(invitation) },
        });
        const answer = await productTokenAnswer(tokens, result.account);
        return { ...answer, data: { ...answer.data, PatientId: result.patientId } };
      },
    );

    /** Agreements belong to the product user id; only that user (or support) reads or answers them. */
    const ownAgreements = async (request: FastifyRequest, userId: string) => {
      const principal = currentPrincipal(request);
      if (!isSignedInUser(principal)) throw new AppError('unauthorized');
      if (principal.userId !== userId && !isSupport(principal)) {
        await recordAudit(database, auditContextOf(request), {
          action: 'read',
          entityType: 'UserAgreement',
          patientId: userId,
          outcome: 'denied',
        });
        throw forbidden();
      }
    };

    app.post(
      ACCOUNT_PATHS.unsignedAgreements,
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary: 'The agreements (eula, oha) the user has not answered yet',
          body: unsignedAgreementQuerySchema,
          response: { 200: z.array(agreementSchema) },
        },
      },
      async (request) => {
        await ownAgreements(request, request.body.userId);
        const list = await unsignedAgreements(database, request.body.userId);
        await recordAudit(database, auditContextOf(request), {
          action: 'read',
          entityType: 'UserAgreement',
          patientId: request.body.userId,
          outcome: 'success',
        });
        return list;
      },
    );

    app.post(
      ACCOUNT_PATHS.userAgreement,
      {
        preHandler: requireUser,
        schema: {
          tags: ['account'],
          summary: "Records the user's answer (Accepted or Declined) to an agreement",
          body: userAgreementSchema,
          response: { 200: z.object({ status_code: z.number().int(), message: z.string(), data: userAgreementSchema }) },
        },
      },
      async (request) => {
        await ownAgreements(request, request.body.UserId);
        if (!(await recordAgreement(database, request.body, clock.now()))) throw notFound();
        await recordAudit(database, auditContextOf(request), {
          action: 'update',
          entityType: 'UserAgreement',
          entityId: request.body.AgreementId,
          patientId: request.body.UserId,
          outcome: 'success',
          detail: { status: request.body.Status },
        });
        return { status_code: 200, message: 'OK', data: request.body };
      },
    );

    app.post(
      ACCOUNT_PATHS.invitation,
      {
        preHandler: requireRoles('practiceadmin', 'staff', 'provider', 'superuser', 'supportagent'),
        schema: {
          tags: ['account'],
          summary: 'Invites a patient of the practice: the invitation id is the activation code, e-mailed when an address is given',
          body: invitationInputSchema,
          response: { 200: invitationResponseSchema },
        },
      },
      async (request) => {
        const principal = currentPrincipal(request);
        if (!actsForPractice(principal, request.body.Practice.Id)) throw forbidden();
        const invitation = await createInvitation(database, outbox, request.body, principal.subject, clock.now());
        await recordAudit(database, auditContextOf(request), {
          action: 'create',
          entityType: 'Invitation',
          entityId: invitation.Id,
          outcome: 'success',
        });
        return { status_code: 200, message: 'OK', data: invitation };
      },
    );

    app.get(
      `${ACCOUNT_PATHS.invitation}/:id`,
      {
        preHandler: requireToken,
        schema: {
          tags: ['account'],
          summary:
            'An invitation by its id (the activation code). A pending one opens for anyone holding the code; once used, only its patient and the practice',
          params: z.object({ id: z.uuid({ error: 'must be an invitation id' }) }),
          response: { 200: invitationResponseSchema },
        },
      },
      async (request) => {
        const principal = request.principal;
        const stored = await findInvitation(database, request.params.id, clock.now());
        const practiceId = stored?.invitation.Practice.Id ?? '';
        const allowed =
          !!stored &&
          (stored.invitation.Status === 'Pending' ||
            (stored.acceptedBy !== null && principal?.userId === stored.acceptedBy) ||
            actsForPractice(principal, practiceId));
        await recordAudit(database, auditContextOf(request), {
          action: 'read',
          entityType: 'Invitation',
          entityId: request.params.id,
          patientId: stored?.acceptedBy ?? null,
          outcome: allowed ? 'success' : 'not_found',
        });
        // Someone else's used invitation answers as if it never existed.
        if (!stored || !allowed) throw new AppError('not_found', { message: 'No record found' });
        return { status_code: 200, message: 'OK', data: stored.invitation };
      },
    );
  };
}
