import type { FastifyReply, FastifyRequest } from 'fastify';
import { ROLES, SYSTEM_USER_ROLE, type Role } from '@careslot/contracts';
import { AppError, forbidden, unauthorized } from './errors';
import type { ProductClaims, TokenService } from './tokens';

/** Who is calling, derived from a verified product token. */
export interface Principal {
  subject: string;
  /** The product id of the user: the patient id for patients, the practitioner id for practitioners. */
  userId: string | null;
  roles: Role[];
  userType: string | null;
  email: string | null;
  organizationId: string | null;
  isGuest: boolean;
  isServiceAccount: boolean;
  claims: ProductClaims;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const knownRoles = new Set<string>(ROLES);

export function principalFromClaims(claims: ProductClaims): Principal {
  const isServiceAccount = claims.preferred_username?.startsWith('service-account-') ?? false;
  return {
    subject: claims.sub,
    userId: claims.careslot_id ?? null,
    roles: (claims.user_roles ?? []).filter((r): r is Role => knownRoles.has(r)),
    userType: claims.user_type ?? null,
    email: claims.email ?? null,
    organizationId: claims.PracticeId ?? null,
    isGuest: claims.guest === true,
    isServiceAccount,
    claims,
  };
}

/**
 * Rules of patient-booking.md §5.2: a token counts as a signed-in user only when it carries email, sub and
 * user_roles; a service-account token only with the realm role system_user.
 */
export function isSignedInUser(principal: Principal | null): principal is Principal {
  if (!principal || principal.isGuest) return false;
  const c = principal.claims;
  if (!c.email || !c.sub || !Array.isArray(c.user_roles)) return false;
  if (principal.isServiceAccount && !(c.realm_access?.roles ?? []).includes(SYSTEM_USER_ROLE)) return false;
  return true;
}

/**
 * The product organization of a legacy EHR sign-in (decision 0021): its PracticeId is the EHR's practice
 * number, resolved by the organization identifier '{EHR URL}/{electronic_claim_id}|Organization-{PracticeId}';
 * null when no organization holds it.
 */
export type LegacyOrganizationResolver = (claims: ProductClaims) => Promise<string | null>;

/**
 * The identity provider's own endpoints (/realms/...): they check the realm's access tokens themselves (the
 * userinfo endpoint takes one in Authorization: Bearer, RFC 6750), so product-token verification skips them.
 */
const REALM_PATHS = '/realms/';

/** onRequest hook: a bearer token, when sent, must be valid; no token means an anonymous caller. */
export function authenticateRequest(tokens: TokenService, legacyOrganization?: LegacyOrganizationResolver) {
  return async (request: FastifyRequest) => {
    request.principal = null;
    const header = request.headers.authorization;
    if (!header || request.url?.startsWith(REALM_PATHS)) return;
    const match = /^bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized();
    let claims: ProductClaims;
    try {
      claims = await tokens.verify(match[1]);
    } catch {
      throw unauthorized();
    }
    request.principal = await principalOfClaims(claims, legacyOrganization);
  };
}

/**
 * The principal of verified claims, as every caller gets it (HTTP requests and real-time sockets alike): a legacy
 * EHR sign-in acts for the organization its practice number names (none: no practice at all).
 */
export async function principalOfClaims(
  claims: ProductClaims,
  legacyOrganization?: LegacyOrganizationResolver,
): Promise<Principal> {
  const principal = principalFromClaims(claims);
  if (legacyOrganization && claims.electronic_claim_id && claims.PracticeId)
    principal.organizationId = await legacyOrganization(claims);
  return principal;
}

/** preHandler: any caller holding a valid token, guests included (search, holding slots). */
export async function requireToken(request: FastifyRequest, _reply: FastifyReply) {
  if (!request.principal) throw unauthorized();
}

/** preHandler: a signed-in user (not a guest). */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply) {
  if (!isSignedInUser(request.principal)) throw unauthorized();
}

/** preHandler factory: a signed-in user holding at least one of the roles. */
export function requireRoles(...roles: Role[]) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const principal = request.principal;
    if (!isSignedInUser(principal)) throw unauthorized();
    if (!roles.some((role) => principal.roles.includes(role))) throw forbidden();
  };
}

export function currentPrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('unauthorized');
  return request.principal;
}
