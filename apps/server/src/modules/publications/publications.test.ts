import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentPublication, BookingResult } from '@careslot/contracts';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import { createTestPatient, type TestPatient } from '../../testing/patients';
import { DEMO_PRACTICE_IDS, demoPerson } from '../../seed';
import { fixedClock } from '../../platform/clock';
import { createJobs } from '../../platform/jobs';
import { PUBLICATION_JOB, registerPublicationDelivery } from './delivery';
import {
  DELIVERY_HEADER,
  SIGNATURE_HEADER,
  webhookTarget,
  type PublicationDelivery,
  type PublicationTarget,
} from './targets';

const V2 = '/careslot-appointment-service/api/v2';
const provider = demoPerson('provider');
const silent = { error: () => undefined, warn: () => undefined };
type Answer<T> = { is_success: boolean; message: string; data: T };

describe('publications (web/BobAppointment) delivered to the outside system', () => {
  let t: TestApp;
  let patient: TestPatient;
  let calendar = '';
  let slot = Date.parse('2026-11-24T15:00:00.000Z');
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T13:40:00Z' });
    patient = await createTestPatient(t, 'Jordan');
    const [location] = await t.database.query<{ id: string }>(
      'select id from locations where organization_id = $1 order by name limit 1',
      [DEMO_PRACTICE_IDS[2]],
    );
    calendar = randomUUID();
    await t.database.query(
      `insert into schedules (id, practitioner_id, location_id, time_zone, slot_minutes, capacity, planning_horizon_days, requires_approval) values ($1, $2, $3, 'America/New_York', 30, 5, 60, false)`,
      [calendar, provider.id, location!.id],
    );
    await t.database.query(
      'insert into schedule_hours (schedule_id, weekday, start_minute, end_minute) values ($1, 2, 540, 720)',
      [calendar],
    );
  });
  afterAll(() => t.close());

  async function published(): Promise<{ appointmentId: string; publicationId: string }> {
    const booked = await t.call<BookingResult>({
      method: 'POST',
      url: `${V2}/Appointments`,
      headers: bearer(patient.token),
      payload: {
        CalendarId: calendar,
        StartTime: new Date(slot).toISOString(),
        Participants: [{ Type: 'Patient', ParticipantId: patient.id }],
        Reasons: [{ Id: null, Name: 'Check-up' }],
      },
    });
    slot += 30 * 60_000;
    expect(booked.statusCode).toBe(200);
    const appointmentId = booked.json.data;
    const publication = await t.call<Answer<AppointmentPublication>>({
      method: 'POST',
      url: `${V2}/web/BobAppointment`,
      headers: bearer(patient.token),
      payload: { AppointmentId: appointmentId },
    });
    expect(publication.statusCode).toBe(200);
    await t.events.drain();
    return { appointmentId, publicationId: publication.json.data.Id };
  }
  const row = async (id: string) =>
    (
      await t.database.query<{ status: string; attempts: number; last_error: string | null }>(
        'select status, attempts, last_error from appointment_publications where id = $1',
        [id],
      )
    )[0];

  it('delivers each publication once through the local target: the FHIR R4 Appointment recorded, the row Delivered', async () => {
    const { appointmentId, publicationId } = await published();
    expect(await row(publicationId)).toMatchObject({ status: 'Pending' });
    // The publication's job runs once (beside the delivery jobs of the booking's messages, decision 0081).
    await t.jobs.runDue();
    expect(await t.jobs.status(`publication:${publicationId}`)).toMatchObject({
      status: 'done',
      attempts: 1,
    });
    expect(await row(publicationId)).toMatchObject({ status: 'Delivered', attempts: 1, last_error: null });
    const deliveries = await t.database.query<{
      body: Record<string, unknown>;
      signature: string;
      target: string;
    }>('select body, signature, target from publication_deliveries where publication_id = $1', [
      publicationId,
    ]);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.target).toBe('local');
    expect(deliveries[0]!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(deliveries[0]!.body).toMatchObject({
      resourceType: 'Appointment',
      id: appointmentId,
      status: 'booked',
      start: '2026-11-24T15:00:00.000Z',
      end: '2026-11-24T15:30:00.000Z',
      minutesDuration: 30,
      identifier: [{ system: 'urn:careslot:appointment', value: appointmentId }],
    });
    expect(deliveries[0]!.body.participant).toEqual(
      expect.arrayContaining([
        { actor: { reference: `Patient/${patient.id}` }, status: 'accepted' },
        { actor: { reference: `Practitioner/${provider.id}` }, status: 'accepted' },
      ]),
    );
    // No patient data in what leaves: no name, no e-mail.
    expect(JSON.stringify(deliveries[0]!.body)).not.toMatch(/Jordan|@example\.com/);
    // The event again (a redelivery) and another look for due jobs: still one delivery.
    expect(await t.jobs.runDue()).toBe(0);
    await t.jobs.schedule({
      kind: PUBLICATION_JOB,
      key: `publication:${publicationId}`,
      runAt: t.clock.now(),
      payload: { publicationId },
    });
    expect(await t.jobs.runDue()).toBe(0);
    expect(
      await t.database.query('select 1 from publication_deliveries where publication_id = $1', [
        publicationId,
      ]),
    ).toHaveLength(1);
  });

  it('retries a failing target with backoff and marks the publication Failed after the last try', async () => {
    const { publicationId } = await published();
    const clock = fixedClock(t.clock.now());
    // A second instance's scheduler on the same database, whose target is down; the app's own one does not run here.
    const jobs = createJobs({ database: t.database, clock, log: silent, pollMs: 0, instanceId: 'failing' });
    let calls = 0;
    const down: PublicationTarget = {
      name: 'down',
      deliver: async () => {
        calls += 1;
        throw new Error('the outside system answered 503');
      },
    };
    registerPublicationDelivery(
      {
        database: t.database,
        clock,
        events: { subscribe: () => () => true } as never,
        jobs,
        config: t.config,
      },
      down,
      'k'.repeat(32),
    );
    for (let n = 1; n <= 10; n += 1) {
      await jobs.runDue();
      expect(calls).toBe(n);
      expect(await row(publicationId)).toMatchObject({
        status: n < 10 ? 'Pending' : 'Failed',
        attempts: n,
        last_error: 'the outside system answered 503',
      });
      clock.advance(60 * 60_000);
    }
    expect(await jobs.runDue()).toBe(0);
    expect(await jobs.status(`publication:${publicationId}`)).toMatchObject({
      status: 'failed',
      attempts: 10,
    });
  });

  it('the webhook target POSTs the Appointment with an HMAC-SHA256 signature and its delivery id; a non-2xx answer throws', async () => {
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    let answer = 202;
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const secret = 's'.repeat(40);
      const target = webhookTarget(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/fhir/Appointment`,
      );
      const body = JSON.stringify({ resourceType: 'Appointment', id: 'a-1' });
      const timestamp = 1_800_000_000;
      const signature = `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
      const delivery: PublicationDelivery = {
        publicationId: 'p-1',
        appointmentId: 'a-1',
        body,
        timestamp,
        signature,
      };
      await target.deliver(delivery);
      expect(received).toHaveLength(1);
      expect(received[0]!.body).toBe(body);
      expect(received[0]!.headers['content-type']).toBe('application/fhir+json');
      expect(received[0]!.headers[DELIVERY_HEADER]).toBe('p-1');
      // The receiver checks the signature with the shared key.
      const [t1, v1] = String(received[0]!.headers[SIGNATURE_HEADER]).split(',');
      expect(v1).toBe(
        `v1=${createHmac('sha256', secret)
          .update(`${t1!.slice(2)}.${received[0]!.body}`)
          .digest('hex')}`,
      );
      answer = 500;
      await expect(target.deliver(delivery)).rejects.toThrow('the publication webhook answered 500');
    } finally {
      server.close();
    }
  });
});
