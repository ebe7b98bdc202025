import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import {
  APPOINTMENT_ACTION_PATH,
  appointmentActionBodySchema,
  appointmentActionResultSchema,
  errorEnvelopeSchema,
} from '@careslot/contracts';
import { contextOf } from '../../platform/context';
import { actOnAppointmentFromLink, onAppointmentChanged } from '../appointments';
import { fieldError } from '../../platform/errors';
import { verifyActionLink } from './appointment-links';
import { handleAppointmentChange } from './appointment-change';

const tags = ['notification'];
const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/**
 * The patient's appointment messages (issue 17 item 9): the appointment-change subscriber that confirms a booking
 * by e-mail (.ics attached) and SMS, says a request is pending and tells what becomes of a cancelled visit's fee
 * (the payments consumer settles it, decision 0082). Wired by the module's register (index.ts).
 */
export function subscribeAppointmentMessages(deps: AppDeps): void {
  // A durable consumer: a failure is logged by the dispatcher and retried.
  // Each message is keyed by the event's id, so a redelivered event sends nothing twice.
  onAppointmentChanged(deps.events, 'notifications.appointment-messages', async (change, event) => {
    await handleAppointmentChange(deps, change, event.id);
  });
}

/**
 * The call behind the appointment messages' confirm and cancel links (decision 0042), which needs no sign-in:
 * the link's signature is the proof.
 */
export const appointmentMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    APPOINTMENT_ACTION_PATH,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Confirm or cancel an appointment from a message link (no sign-in: the link is signed and expires at the visit)',
        body: appointmentActionBodySchema,
        response: { 200: appointmentActionResultSchema, ...errors },
      },
    },
    async (request) => {
      const { AppointmentId, Action, Expires, Signature } = request.body;
      if (
        !verifyActionLink(
          deps.tokens,
          { appointmentId: AppointmentId, action: Action, expires: Expires, signature: Signature },
          deps.clock.now(),
        )
      )
        throw fieldError('Signature', 'valid', 'This link is not valid or has expired.');
      const data = await actOnAppointmentFromLink(deps, contextOf(request), {
        id: AppointmentId,
        action: Action,
      });
      return {
        is_success: true as const,
        message: Action === 'confirm' ? 'Appointment confirmed.' : 'Appointment cancelled.',
        data,
      };
    },
  );
};
