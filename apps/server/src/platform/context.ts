import type { FastifyRequest } from 'fastify';
import type { FeatureCode, Role } from '@careslot/contracts';
import { isSignedInUser, type Principal } from './auth';
import type { Connection } from './db';
import { AppError } from './errors';

/**
 * The facts about the people in a patient's circle that the access policy needs, answered by the module
 * that owns them (directory: family links and care relations). Platform code must not import modules, so
 * app.ts hands the directory's implementation to every context it builds.
 */
export interface PatientRelations {
  /** Whether the account of `holderId` manages `patientId` as a family member (an active related person). */
  managesFamilyMember(connection: Connection, holderId: string, patientId: string): Promise<boolean>;
  /** Whether the practice has a care relation with the patient (patient_care_relations). */
  hasCareRelation(connection: Connection, organizationId: string, patientId: string): Promise<boolean>;
  /** The patients, among `patientIds`, the holder's account manages as family members. */
  familyOf(connection: Connection, holderId: string): Promise<string[]>;
}

/**
 * The features a practice lets a user's roles use (access control, decision 0059), answered by the module that
 * owns the configuration (access-control), handed in by app.ts like the relations.
 */
export interface FeatureAccess {
  enabledFeatures(organizationId: string, roles: readonly Role[]): Promise<ReadonlySet<FeatureCode>>;
}

/** Where a context's access decisions look facts up and write their audit rows. */
export interface AccessBackend {
  database: Connection;
  relations: PatientRelations;
  /** Set by onConnection: the database is a transaction, so a denial's audit row waits for the rollback. */
  inTransaction?: boolean;
  /** Absent (jobs, some tests): every feature the roles' menu rules allow is on. */
  features?: FeatureAccess;
}

/** The HTTP header in which a support user states why they open a patient's data (decision 0026). */
export const ACCESS_PURPOSE_HEADER = 'x-access-purpose';
const PURPOSE_MAX = 200;

/**
 * Who is calling and from where, built once per request (onRequest, after the token is verified) and the
 * only caller type services take. Jobs and tests build one with `systemContext` or `contextFor`.
 */
export interface RequestContext {
  /** The verified token's subject; null for an anonymous caller. */
  readonly subject: string | null;
  /** The product id of the user (a patient id for patients, a practitioner id for practitioners). */
  readonly userId: string | null;
  /** The caller's own patient record: the user id of a signed-in user holding the patient role. */
  readonly patientId: string | null;
  readonly roles: readonly Role[];
  /** The practice the caller acts for (the token's PracticeId, resolved for legacy EHR sign-ins). */
  readonly organizationId: string | null;
  /** The hold session: the verified token's subject (`user:<sub>`, decision 0035); null without a token. */
  readonly sessionId: string | null;
  /** The client address as fastify reports it (request.ip, which honours the trusted-proxy setting). */
  readonly ip: string | null;
  readonly userAgent: string | null;
  /** The purpose a support user stated in the X-Access-Purpose header, trimmed; null when none. */
  readonly purpose: string | null;
  /** The audit trail's actor type: Patient, Practitioner, SuperUser, Guest, Anonymous, System or User. */
  readonly actorType: string;
  readonly isGuest: boolean;
  /** A token that counts as a signed-in user (patient-booking.md §5.2). */
  readonly isSignedIn: boolean;
  /** The verified principal behind the context, for code that needs a claim the context does not name. */
  readonly principal: Principal | null;
  /** Where authorize() looks up relations and writes the audit. */
  readonly access: AccessBackend;
}

declare module 'fastify' {
  interface FastifyRequest {
    context: RequestContext;
  }
}

/**
 * The hold session: the subject of the caller's verified token, a guest's or a signed-in user's (decision
 * 0035). A cookie the caller writes proves nothing, so without a token there is no session.
 */
function sessionFrom(principal: Principal | null): string | null {
  return principal ? `user:${principal.subject}` : null;
}

function purposeFrom(header: string | string[] | undefined): string | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return value ? value.slice(0, PURPOSE_MAX) : null;
}

export interface ContextMeta {
  ip?: string | null;
  userAgent?: string | null;
  purpose?: string | null;
  sessionId?: string | null;
}

/** A context for a verified principal (or none), e.g. a socket's token in the real-time hub. */
export function contextFor(
  principal: Principal | null,
  meta: ContextMeta,
  access: AccessBackend,
): RequestContext {
  const signedIn = isSignedInUser(principal);
  return {
    subject: principal?.subject ?? null,
    userId: principal?.userId ?? null,
    patientId: signedIn && principal.roles.includes('patient') ? principal.userId : null,
    roles: principal?.roles ?? [],
    organizationId: principal?.organizationId ?? null,
    sessionId: meta.sessionId ?? (principal ? `user:${principal.subject}` : null),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    purpose: meta.purpose ?? null,
    actorType: principal ? (principal.isGuest ? 'Guest' : (principal.userType ?? 'User')) : 'Anonymous',
    isGuest: principal?.isGuest ?? false,
    isSignedIn: signedIn,
    principal,
    access,
  };
}

/** The request's context; built by the onRequest hook of app.ts right after the token is verified. */
export function buildRequestContext(request: FastifyRequest, access: AccessBackend): RequestContext {
  return contextFor(
    request.principal,
    {
      ip: request.ip ?? null,
      userAgent: request.headers['user-agent'] ?? null,
      purpose: purposeFrom(request.headers[ACCESS_PURPOSE_HEADER]),
      sessionId: sessionFrom(request.principal),
    },
    access,
  );
}

/** The server acting on its own (jobs, reconcilers, seeds): audited as System, allowed what its code does. */
export function systemContext(access: AccessBackend, name = 'system'): RequestContext {
  return {
    subject: name,
    userId: null,
    patientId: null,
    roles: [],
    organizationId: null,
    sessionId: null,
    ip: null,
    userAgent: null,
    purpose: null,
    actorType: 'System',
    isGuest: false,
    isSignedIn: false,
    principal: null,
    access,
  };
}

/** The same context on another connection (a transaction), so its lookups and audit rows share it. */
export function onConnection(context: RequestContext, connection: Connection): RequestContext {
  return { ...context, access: { ...context.access, database: connection, inTransaction: true } };
}

/** The hold session of a request that needs one (holding slots, booking): 401 without a verified token (decision 0035). */
export function requireSession(context: RequestContext): string {
  if (!context.sessionId) throw new AppError('unauthorized');
  return context.sessionId;
}

/** The request's context; a route registered outside app.ts's hook has none, which is a programming error. */
export function contextOf(request: FastifyRequest): RequestContext {
  if (!request.context) throw new AppError('unauthorized');
  return request.context;
}
