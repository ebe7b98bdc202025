import { createHmac, randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import type { Database } from '../../platform/db';
import * as store from './store';

/** One publication on its way out: the FHIR R4 Appointment as sent, and its signature. */
export interface PublicationDelivery {
  publicationId: string;
  appointmentId: string;
  /** The FHIR R4 Appointment, as JSON text (what is signed is exactly what is sent). */
  body: string;
  /** Unix seconds, part of what is signed (a receiver refuses old replays). */
  timestamp: number;
  /** `t=<timestamp>,v1=<hex HMAC-SHA256 of "<timestamp>.<body>">`. */
  signature: string;
}

/**
 * Where publications go. Either target delivers or throws (the job retries); delivering the same publication
 * twice is harmless (the webhook sends its id as the idempotency key, the local record keeps the first).
 */
export interface PublicationTarget {
  readonly name: string;
  deliver(delivery: PublicationDelivery): Promise<void>;
}

export const SIGNATURE_HEADER = 'x-careslot-signature';
export const DELIVERY_HEADER = 'x-careslot-delivery';

export function signPublication(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The outside system's HTTPS endpoint (PUBLICATION_WEBHOOK_URL): a POST of the Appointment, signed; any 2xx is delivered. */
export function webhookTarget(
  url: string,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = 10_000,
): PublicationTarget {
  return {
    name: 'webhook',
    async deliver(delivery) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/fhir+json',
          [SIGNATURE_HEADER]: delivery.signature,
          [DELIVERY_HEADER]: delivery.publicationId,
        },
        body: delivery.body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      // The receiver's answer is not read further: it may echo what it got.
      await response.body?.cancel().catch(() => undefined);
      if (!response.ok) throw new Error(`the publication webhook answered ${response.status}`);
    },
  };
}

/** No outside system configured: the delivery is recorded in publication_deliveries, once per publication. */
export function localTarget(database: Database, now: () => Date): PublicationTarget {
  return {
    name: 'local',
    async deliver(delivery) {
      await store.recordLocalDelivery(database, { ...delivery, target: 'local', now: now() });
    },
  };
}

/** The target and signing key of the configuration: the webhook when set, else the local record (signed with a key of this process). */
export function publicationTargetFromConfig(
  config: Config,
  database: Database,
  now: () => Date,
): { target: PublicationTarget; secret: string } {
  if (config.PUBLICATION_WEBHOOK_URL && config.PUBLICATION_WEBHOOK_SECRET)
    return {
      target: webhookTarget(config.PUBLICATION_WEBHOOK_URL),
      secret: config.PUBLICATION_WEBHOOK_SECRET,
    };
  return { target: localTarget(database, now), secret: randomBytes(32).toString('hex') };
}
