import type { AppDeps } from '../../platform/deps';
import type { Job } from '../../platform/jobs';
import { findAppointment } from '../appointments';
import { markPublicationDelivered, publicationForDelivery, recordPublicationFailure } from '../booking';
import { toFhirAppointment } from './fhir';
import { signPublication, type PublicationTarget } from './targets';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'events' | 'jobs' | 'config'>;

/** The booking module's durable event of a publication (modules/booking/publish.ts). */
const APPOINTMENT_PUBLISHED = 'appointment.published';
export const PUBLICATION_JOB = 'publications.deliver';
/** Tries before a publication is marked Failed: with the scheduler's backoff (1 s, 2 s, 4 s ... ) about 17 minutes. */
export const PUBLICATION_MAX_ATTEMPTS = 10;

interface PublicationJobPayload {
  publicationId: string;
}

/**
 * Delivers a publication: reads it and its appointment, sends the FHIR R4 Appointment, signed, to the target
 * and marks the row Delivered. Already delivered: nothing to do (a rerun after a crash). A failure is
 * counted on the row and thrown, so the scheduler retries it with backoff; after the last try the row is
 * Failed (onGiveUp).
 */
export async function deliverPublication(
  deps: Deps,
  target: PublicationTarget,
  secret: string,
  job: Job<PublicationJobPayload>,
): Promise<void> {
  const row = await publicationForDelivery(deps.database, job.payload.publicationId);
  if (!row || row.status === 'Delivered') return;
  const appointment = await findAppointment(deps.database, row.appointment_id);
  if (!appointment) return;
  const now = deps.clock.now();
  const body = JSON.stringify(
    toFhirAppointment(
      {
        id: appointment.id,
        status: appointment.status,
        start: new Date(appointment.start_at),
        end: new Date(appointment.end_at),
        patientId: appointment.patient_id,
        practitionerId: appointment.practitioner_id,
        locationId: appointment.location_id,
        appointmentType: appointment.appointment_type,
        identifiers: appointment.identifiers ?? [],
      },
      now,
    ),
  );
  const timestamp = Math.floor(now.getTime() / 1000);
  try {
    await target.deliver({
      publicationId: row.id,
      appointmentId: row.appointment_id,
      body,
      timestamp,
      signature: signPublication(secret, timestamp, body),
    });
  } catch (error) {
    await recordPublicationFailure(
      deps.database,
      row.id,
      error instanceof Error ? error.message.slice(0, 300) : 'delivery failed',
      false,
    );
    throw error;
  }
  await markPublicationDelivered(deps.database, row.id, deps.clock.now());
}

/** Subscribes the consumer of `appointment.published` and registers the delivery job on the given target. */
export function registerPublicationDelivery(deps: Deps, target: PublicationTarget, secret: string): void {
  deps.events.subscribe<{ publicationId: string }>(
    'publications.deliver',
    [APPOINTMENT_PUBLISHED],
    async (event) => {
      // One job per publication: a redelivered event keeps the job it scheduled.
      await deps.jobs.schedule({
        kind: PUBLICATION_JOB,
        key: `publication:${event.payload.publicationId}`,
        runAt: new Date(event.occurredAt),
        payload: { publicationId: event.payload.publicationId },
        maxAttempts: PUBLICATION_MAX_ATTEMPTS,
      });
    },
  );
  deps.jobs.register<PublicationJobPayload>(
    PUBLICATION_JOB,
    (job) => deliverPublication(deps, target, secret, job),
    {
      onGiveUp: async (job, error) => {
        const { publicationId } = job.payload as PublicationJobPayload;
        await recordPublicationFailure(
          deps.database,
          publicationId,
          error instanceof Error ? error.message.slice(0, 300) : 'delivery failed',
          true,
        );
      },
    },
  );
}
