import { createHmac, timingSafeEqual } from 'node:crypto';
import { APPOINTMENT_ACTION_PAGE, type AppointmentAction } from '@careslot/contracts';
import type { TokenService } from '../../platform/tokens';

/**
 * The links of a patient's message (decision 0042): the portal page of the visit, and the appointment-action page
 * that confirms or cancels it without signing in. An action link names the appointment, the action and an expiry
 * (the visit's start), signed with a key of its own derived from the product's signing key.
 */
const keyOf = (tokens: TokenService) =>
  createHmac('sha256', String(tokens.privateJwk().d)).update('careslot-appointment-action').digest();

const signatureOf = (key: Buffer, appointmentId: string, action: AppointmentAction, expires: number) =>
  createHmac('sha256', key).update(`${appointmentId}\n${action}\n${expires}`).digest('base64url');

export function actionLink(
  tokens: TokenService,
  origin: string,
  appointmentId: string,
  action: AppointmentAction,
  expiresAt: Date,
): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const query = new URLSearchParams({
    id: appointmentId,
    action,
    exp: String(expires),
    sig: signatureOf(keyOf(tokens), appointmentId, action, expires),
  });
  return `${origin}${APPOINTMENT_ACTION_PAGE}?${query.toString()}`;
}

/** True when the link's parts are the ones signed and its expiry has not passed. */
export function verifyActionLink(
  tokens: TokenService,
  link: { appointmentId: string; action: AppointmentAction; expires: number; signature: string },
  now: Date,
): boolean {
  if (link.expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signatureOf(keyOf(tokens), link.appointmentId, link.action, link.expires));
  const given = Buffer.from(link.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function portalLink(origin: string, appointmentId: string, telehealth: boolean): string {
  return `${origin}/portal/health/appointments/${telehealth ? 'telehealth' : 'office'}/details/${appointmentId}`;
}
