import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RegisteredRoute } from './platform/deps';
import { addFamilyMember, createPatient } from './modules/patients';
import { DEMO_PRACTICE_IDS, demoPerson } from './seed';
import { storeFile } from './platform/files';
import { bearer, createTestApp, tokenFor, type TestApp } from './testing/app';

/**
 * The access table (decision 0026): route × caller × relation → the answer, generated into one test each.
 * Every registered route whose path takes a patient, appointment, coverage, payment, form-response, file or
 * clinical id must have a row here: a route missing from the table fails the suite.
 *
 * The data, made for this file: practice 1 cares for patient P (P is the family member of account holder H);
 * P also has an appointment, a payment, an intake-form response (with a file) and a pre-booking response at
 * practice 2, which has no care relation with P; B is a stranger patient.
 * 'pass' means the policy let the caller through: the answer is none of 401, 403, 404 (a 200, or a 400/409
 * about the body or the object's state).
 */

const ADMIN = '/careslot-administration/api';
const APPT = '/careslot-appointment-service/api';
const PAY = '/careslot-payment-service/api';
const FORMS = '/careslot-custom-form/api/v1';
const SURVEY = '/careslot-survey/api/v1';
const CLIN = '/careslot-clinical-service/api/v1';
const CHECKIN = '/careslot-checkin-service/api/v1';
const REVIEWS = '/careslot-reputation-service/api/v1/patient-reviews';
const PURPOSE = 'Ticket 4711: the patient asked for a copy of their record';

type Actor =
  | 'anon'
  | 'self'
  | 'family'
  | 'stranger'
  | 'care1Provider'
  | 'care1Staff'
  | 'p2Staff'
  | 'support'
  | 'supportPurpose';
type Expected = number | 'pass';

interface Ids {
  p: string;
  a1: string;
  a2: string;
  pay2: string;
  inv2: string;
  resp2: string;
  pre2: string;
  file2: string;
  coverage: string;
  picture: string;
  provider1: string;
  calendar2: string;
  /** Practice 2's encounter with P and a diagnostic report of it (clinical entries practice 1 must not see). */
  enc2: string;
  diag2: string;
  form2: string;
}

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as registered. */
  route: string;
  url: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  headers?: () => Record<string, string>;
  expect: Partial<Record<Actor, Expected>>;
}

/** Routes the id pattern matches that hold no patient data (public pages), with the reason. */
const NOT_PATIENT_DATA: Record<string, string> = {
  'GET /careslot-marketplace/api/v1/pageProfiles/entity/:nameIdentity':
    'a public profile page ("Profiles" matches "file")',
  'PUT /careslot-administration/api/v2/healthcareservice/:id/profile-picture':
    "a resource's (room, device) photo, set by its practice admin (admin.test.ts)",
  'DELETE /careslot-administration/api/v2/healthcareservice/:id/profile-picture':
    "a resource's photo, removed by its practice admin (admin.test.ts)",
  'GET /careslot-administration/api/v2/healthcareservice/:id/profile-picture': "a resource's public photo",
  'PUT /careslot-administration/api/v1/practiceclinicalsettings/:id':
    "a practice's clinical settings, keyed by the organization id (admin.test.ts)",
  'GET /careslot-administration/api/v1/PatientPortalSettings/:id':
    "a practice's patient-portal settings, keyed by the organization id (admin.test.ts)",
  'PUT /careslot-administration/api/v1/PatientPortalSettings/:id':
    "a practice's patient-portal settings, keyed by the organization id (admin.test.ts)",
  'GET /careslot-marketplace/api/v1/pageProfiles/:id/settings':
    "a page profile's settings (a practice or provider page, no patient data)",
  'PUT /careslot-marketplace/api/v1/pageProfiles/:id':
    'a page profile edit (a practice or provider page, no patient data)',
  'POST /careslot-marketplace/api/v1/pageProfiles/:id':
    'a page profile edit (a practice or provider page, no patient data)',
  // The payment service's settings (decision 0055): {id} is an organization's or a location's, no patient's;
  // another practice's answers 404 (payments/settings.test.ts).
  'DELETE /careslot-payment-service/api/organizations/:id':
    "a practice's payment settings, by organization id",
  'DELETE /careslot-payment-service/api/locations/:id': "a location's own gateway, by location id",
  // The forms a booking must show: form definitions chosen by practice, reason and insurance (the ids in the
  // body are criteria; the answer holds no patient data), read by guests who book.
  'POST /careslot-custom-form/api/v1/customform/associateforms':
    'form definitions for a booking, no patient data',
  'POST /careslot-custom-form/api/v1/customform/eligibleForms':
    'form definitions for a booking, no patient data',
};

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const demographics = {
  FirstName: 'Pat',
  LastName: 'Access',
  BirthDate: '1990-05-01',
  Gender: 'Female',
  Email: 'pat.access@example.com',
  Mobile: '(212) 555-0100',
  Address: { Address1: '1 Main St', Address2: [], City: 'New York', State: 'NY', ZipCode: '10001' },
};
const coverageBody = (ids: Ids) => ({
  PatientId: ids.p,
  Insurance: { Display: 'Aetna Choice POS II' },
  SubscriberId: 'AET-12345678',
});

// The patient's own data: self, family, the practice caring for P, support with a purpose.
const patientOwned: Partial<Record<Actor, Expected>> = {
  anon: 401,
  self: 200,
  family: 200,
  stranger: 404,
  care1Provider: 200,
  care1Staff: 200,
  p2Staff: 404,
  support: 403,
  supportPurpose: 200,
};
// Practice 2's objects of P: never practice 1, although practice 1 cares for P.
const practice2Owned: Partial<Record<Actor, Expected>> = {
  anon: 401,
  self: 200,
  family: 200,
  stranger: 404,
  care1Provider: 404,
  care1Staff: 404,
  p2Staff: 200,
  support: 403,
  supportPurpose: 200,
};
// The patient's portal: the patient and their account holder only.
const portal: Partial<Record<Actor, Expected>> = {
  anon: 401,
  self: 200,
  family: 200,
  stranger: 404,
  care1Provider: 404,
  p2Staff: 404,
  supportPurpose: 404,
};
const patientWrite: Partial<Record<Actor, Expected>> = {
  anon: 401,
  self: 'pass',
  family: 'pass',
  stranger: 404,
  care1Staff: 'pass',
  p2Staff: 404,
  support: 403,
};
const practice2Write: Partial<Record<Actor, Expected>> = {
  anon: 401,
  stranger: 404,
  care1Provider: 404,
  care1Staff: 404,
  p2Staff: 'pass',
};

const TABLE: Row[] = [
  {
    method: 'GET',
    route: `${ADMIN}/v2/patient/:id`,
    url: (i) => `${ADMIN}/v2/patient/${i.p}`,
    expect: patientOwned,
  },
  // Support's overview of a patient: support roles only, and only with a stated purpose (audited).
  {
    method: 'GET',
    route: `${ADMIN}/v1/support/patients/:id/overview`,
    url: (i) => `${ADMIN}/v1/support/patients/${i.p}/overview`,
    expect: { anon: 401, self: 403, stranger: 403, care1Staff: 403, support: 403, supportPurpose: 200 },
  },
  {
    method: 'GET',
    route: `${ADMIN}/v1/patients/:id/related-persons`,
    url: (i) => `${ADMIN}/v1/patients/${i.p}/related-persons`,
    expect: patientOwned,
  },
  {
    method: 'PUT',
    route: `${ADMIN}/v2/patient/:id`,
    url: (i) => `${ADMIN}/v2/patient/${i.p}`,
    body: () => demographics,
    expect: patientWrite,
  },
  {
    method: 'PATCH',
    route: `${ADMIN}/v2/patient/:id`,
    url: (i) => `${ADMIN}/v2/patient/${i.p}`,
    body: () => ({ FirstName: 'Pat' }),
    expect: patientWrite,
  },
  {
    method: 'PUT',
    route: `${ADMIN}/v2/PatientCoverage/:id`,
    url: (i) => `${ADMIN}/v2/PatientCoverage/${i.coverage}`,
    body: coverageBody,
    expect: patientWrite,
  },
  {
    method: 'PUT',
    route: `${ADMIN}/v2/web/patient-coverage/:id`,
    url: (i) => `${ADMIN}/v2/web/patient-coverage/${i.coverage}`,
    body: coverageBody,
    expect: patientWrite,
  },
  {
    method: 'POST',
    route: `${ADMIN}/v2/PatientCoverage/:id/card-pictures`,
    url: (i) => `${ADMIN}/v2/PatientCoverage/${i.coverage}/card-pictures?side=Back`,
    body: () => ({ Name: 'back.png', ContentType: 'image/png', Data: PNG.toString('base64') }),
    expect: patientWrite,
  },
  {
    method: 'GET',
    route: `${ADMIN}/v2/PatientCoverage/:id/card-pictures/:fileId`,
    url: (i) => `${ADMIN}/v2/PatientCoverage/${i.coverage}/card-pictures/${i.picture}`,
    expect: patientOwned,
  },

  {
    method: 'GET',
    route: `${PAY}/paymenttransaction/:id`,
    url: (i) => `${PAY}/paymenttransaction/${i.pay2}`,
    expect: practice2Owned,
  },
  // Invoices (decision 0098): practice 2's invoice of P; only practice 2 changes it.
  {
    method: 'GET',
    route: `${PAY}/v1/invoices/:id`,
    url: (i) => `${PAY}/v1/invoices/${i.inv2}`,
    expect: practice2Owned,
  },
  {
    method: 'PUT',
    route: `${PAY}/v1/invoices/:id`,
    url: (i) => `${PAY}/v1/invoices/${i.inv2}`,
    body: () => ({ Lines: [] }),
    expect: { anon: 401, self: 404, family: 404, stranger: 404, care1Staff: 404, p2Staff: 200 },
  },
  {
    method: 'DELETE',
    route: `${PAY}/v1/invoices/:id`,
    url: (i) => `${PAY}/v1/invoices/${i.inv2}`,
    expect: { anon: 401, self: 404, stranger: 404, care1Staff: 404 },
  },
  {
    method: 'GET',
    route: `${PAY}/v1/invoiceaggregator/:patientId`,
    url: (i) => `${PAY}/v1/invoiceaggregator/${i.p}`,
    expect: {
      anon: 401,
      self: 200,
      family: 200,
      stranger: 404,
      care1Staff: 200,
      support: 403,
      supportPurpose: 200,
    },
  },
  // A card payment has no wallet order: past the policy every caller gets 404, but practice 1 is refused first (audited as denied).
  {
    method: 'POST',
    route: `${PAY}/v1/paypalpayment/sandbox/orders/:id/approval`,
    url: (i) => `${PAY}/v1/paypalpayment/sandbox/orders/${i.pay2}/approval`,
    body: () => ({ Approve: true }),
    expect: { anon: 401, stranger: 404, care1Provider: 404, care1Staff: 404, self: 404 },
  },
  {
    method: 'POST',
    route: `${PAY}/v1/paypalpayment/orders/:id/authorize`,
    url: (i) => `${PAY}/v1/paypalpayment/orders/${i.pay2}/authorize`,
    expect: { anon: 401, stranger: 404, care1Provider: 404, care1Staff: 404, self: 404 },
  },

  {
    method: 'GET',
    route: `${APPT}/v2/Appointments/:id`,
    url: (i) => `${APPT}/v2/Appointments/${i.a2}`,
    expect: practice2Owned,
  },
  {
    method: 'GET',
    route: `${APPT}/v2/web/patient-appointments/:id`,
    url: (i) => `${APPT}/v2/web/patient-appointments/${i.a2}`,
    expect: portal,
  },
  {
    method: 'GET',
    route: `${APPT}/v2/web/patient-appointments/:id/calendar.ics`,
    url: (i) => `${APPT}/v2/web/patient-appointments/${i.a2}/calendar.ics`,
    expect: portal,
  },
  {
    method: 'POST',
    route: `${APPT}/v2/web/patient-appointments/:id/cancel`,
    url: (i) => `${APPT}/v2/web/patient-appointments/${i.a1}/cancel`,
    body: () => ({ Reason: 'Feeling better' }),
    expect: {
      anon: 401,
      stranger: 404,
      care1Provider: 404,
      care1Staff: 404,
      p2Staff: 404,
      supportPurpose: 403,
    },
  },
  {
    method: 'POST',
    route: `${APPT}/v2/web/patient-appointments/:id/reschedule`,
    url: (i) => `${APPT}/v2/web/patient-appointments/${i.a2}/reschedule`,
    body: (i) => ({ CalendarId: i.calendar2, StartTime: '2030-01-07T15:00:00.000Z' }),
    expect: { anon: 401, stranger: 404, care1Provider: 404, p2Staff: 404 },
  },
  ...(['PUT', 'PATCH'] as const).map((method): Row => ({
    method,
    route: `${APPT}/v2/OfficeAppointments/:id/status`,
    url: (i) => `${APPT}/v2/OfficeAppointments/${i.a2}/status?status=Arrived`,
    expect: { ...practice2Write, self: 404, family: 404 },
  })),
  ...(['PUT', 'POST'] as const).map((method): Row => ({
    method,
    route: `${APPT}/v2/OfficeAppointments/:id/confirm`,
    url: (i) => `${APPT}/v2/OfficeAppointments/${i.a2}/confirm`,
    expect: { ...practice2Write, self: 404 },
  })),
  // A2 is an office visit: on the telehealth path it is nobody's.
  ...(['PUT', 'PATCH'] as const).map((method): Row => ({
    method,
    route: `${APPT}/v2/TeleAppointments/:id/status`,
    url: (i) => `${APPT}/v2/TeleAppointments/${i.a2}/status?status=Arrived`,
    expect: { anon: 401, care1Provider: 404, p2Staff: 404, self: 404 },
  })),
  ...(['PUT', 'POST'] as const).map((method): Row => ({
    method,
    route: `${APPT}/v2/TeleAppointments/:id/confirm`,
    url: (i) => `${APPT}/v2/TeleAppointments/${i.a2}/confirm`,
    expect: { anon: 401, care1Provider: 404, p2Staff: 404 },
  })),
  {
    method: 'POST',
    route: `${APPT}/v1/appointmentparticipants/:id`,
    url: (i) => `${APPT}/v1/appointmentparticipants/${i.a2}`,
    body: (i) => ({ Type: 'Practitioner', ParticipantId: i.provider1 }),
    expect: { anon: 401, self: 403, care1Provider: 404, care1Staff: 404, p2Staff: 'pass' },
  },
  {
    method: 'PUT',
    route: `${APPT}/v2/appointments/:id`,
    url: (i) => `${APPT}/v2/appointments/${i.a2}`,
    body: (i) => ({ CalendarId: i.calendar2, StartTime: '2030-01-07T15:00:00.000Z' }),
    expect: { anon: 401, self: 403, care1Provider: 404, care1Staff: 404, p2Staff: 'pass' },
  },
  // The details of an appointment: its reasons and identifiers by its practice, its reasons by its patient (decision 0032).
  {
    method: 'PATCH',
    route: `${APPT}/v2/Appointments/:id`,
    url: (i) => `${APPT}/v2/Appointments/${i.a2}`,
    body: () => ({ Reasons: [{ Name: 'Intake: medications' }] }),
    expect: {
      anon: 401,
      self: 404,
      family: 404,
      stranger: 404,
      care1Provider: 404,
      care1Staff: 404,
      p2Staff: 'pass',
      support: 403,
    },
  },
  {
    method: 'PATCH',
    route: `${APPT}/v2/web/WebAppointments/:id`,
    url: (i) => `${APPT}/v2/web/WebAppointments/${i.a2}`,
    body: () => ({ Reasons: [{ Name: 'Intake: medications' }] }),
    expect: {
      anon: 401,
      self: 'pass',
      family: 'pass',
      stranger: 404,
      care1Provider: 404,
      care1Staff: 404,
      p2Staff: 404,
      support: 403,
    },
  },
  // Ids in the body: publishing an appointment (its patient or its practice), the practice's identifier search and calendar.
  {
    method: 'POST',
    route: `${APPT}/v2/web/BobAppointment`,
    url: () => `${APPT}/v2/web/BobAppointment`,
    body: (i) => ({ AppointmentId: i.a2 }),
    expect: {
      anon: 401,
      self: 200,
      family: 200,
      stranger: 404,
      care1Provider: 404,
      care1Staff: 404,
      p2Staff: 200,
      support: 403,
      supportPurpose: 404,
    },
  },
  {
    method: 'POST',
    route: `${APPT}/v2/Appointments/identifiers/get`,
    url: () => `${APPT}/v2/Appointments/identifiers/get`,
    body: () => ({ Identifiers: [{ System: 'urn:test', Value: 'A-1' }] }),
    expect: { anon: 401, self: 404, stranger: 404, care1Staff: 200, p2Staff: 200 },
  },
  {
    method: 'POST',
    route: `${APPT}/v2/appointments/schedule`,
    url: () => `${APPT}/v2/appointments/schedule`,
    body: (i) => ({
      CalendarId: i.calendar2,
      From: '2030-01-01T00:00:00.000Z',
      To: '2030-01-10T00:00:00.000Z',
    }),
    expect: { anon: 401, self: 403, care1Provider: 404, care1Staff: 404, p2Staff: 200 },
  },
  // The message link acts without a token: only its signature stands for the patient.
  {
    method: 'POST',
    route: `${APPT}/v2/web/appointment-action`,
    url: () => `${APPT}/v2/web/appointment-action`,
    body: (i) => ({
      AppointmentId: i.a2,
      Action: 'cancel',
      Expires: 1_900_000_000,
      Signature: 'forged-signature-0000',
    }),
    expect: { anon: 400, stranger: 400 },
  },
  // The patient's review of a visit (the patient-review route): the patient and their account holder only; the
  // practice reads its reviews as a list and answers them (modules/reputation/reviews.test.ts).
  {
    method: 'GET',
    route: `${REVIEWS}/appointments/:id`,
    url: (i) => `${REVIEWS}/appointments/${i.a2}`,
    expect: portal,
  },
  {
    method: 'PUT',
    route: `${REVIEWS}/appointments/:id`,
    url: (i) => `${REVIEWS}/appointments/${i.a2}`,
    body: () => ({ Rating: 5 }),
    expect: { ...portal, self: 'pass', family: 'pass', supportPurpose: 403 },
  },
  {
    method: 'GET',
    route: `${REVIEWS}/organizations/:id`,
    url: () => `${REVIEWS}/organizations/${DEMO_PRACTICE_IDS[1]}`,
    expect: { anon: 401, self: 403, stranger: 403, care1Staff: 404, p2Staff: 200 },
  },
  {
    method: 'PUT',
    route: `${REVIEWS}/:id/reply`,
    url: () => `${REVIEWS}/${randomUUID()}/reply`,
    body: () => ({ Reply: 'Thank you' }),
    expect: { anon: 401, self: 403, care1Staff: 404, p2Staff: 404 },
  },
  // The survey app (decision 0074) is reached by a link sent to the patient, without sign-in: only the link's
  // signature stands for the patient, so a forged one is refused (400 naming sig) to anyone, signed in or not.
  ...(
    [
      ['GET', ''],
      ['GET', '/questions'],
      ['POST', '/responses'],
    ] as const
  ).map(([method, tail]): Row => ({
    method,
    route: `${SURVEY}/survey/appointment/:id${tail}`,
    url: (i) => `${SURVEY}/survey/appointment/${i.a2}${tail}?exp=1900000000&sig=forged-signature-0000`,
    ...(method === 'POST' ? { body: () => ({ SurveyId: randomUUID(), Answers: [] }) } : {}),
    expect: { anon: 400, self: 400, stranger: 400, p2Staff: 400 },
  })),
  // A provider's day (the id is the provider's): practice users of the provider's practice only.
  ...[
    ['GET', 'Appointments/providers/:id/appointments/count', 'appointments/count'],
    ['GET', 'Appointments/providers/:id/walk-in-queue', 'walk-in-queue'],
    ['GET', 'Appointments/providers/:id/walk-in-queue/count', 'walk-in-queue/count'],
    ['POST', 'Appointments/providers/:id/walk-in-queue/call-next', 'walk-in-queue/call-next'],
    ['GET', 'Appointments/providers/:id/patient-hotlist', 'patient-hotlist'],
  ].map(([method, path, tail]): Row => ({
    method: method as Row['method'],
    route: `${APPT}/v2/${path}`,
    url: (i) => `${APPT}/v2/Appointments/providers/${i.provider1}/${tail}`,
    // A patient holds no practice role: the counts answer as not found, the rest refuse the role (403).
    expect: { anon: 401, self: tail === 'appointments/count' ? 404 : 403, p2Staff: 404, care1Staff: 'pass' },
  })),

  {
    method: 'GET',
    route: `${FORMS}/customformresponse/:id`,
    url: (i) => `${FORMS}/customformresponse/${i.resp2}`,
    expect: practice2Owned,
  },
  {
    method: 'GET',
    route: `${FORMS}/customformresponse/files/:id`,
    url: (i) => `${FORMS}/customformresponse/files/${i.file2}`,
    expect: practice2Owned,
  },
  {
    method: 'GET',
    route: `${APPT}/v1/WebPreBookingResponse/:id`,
    url: (i) => `${APPT}/v1/WebPreBookingResponse/${i.pre2}`,
    expect: practice2Owned,
  },
  // Video visits (decision 0091): A2 is an office visit with no meeting, so every tele-visit call about it is
  // nobody's (and a file no chat carries); the participants-only rules are tested in modules/telehealth/visits.test.ts.
  ...(
    [
      ['GET', 'TeleVisits/:meetingId', (i: Ids) => `TeleVisits/${i.a2}`],
      [
        'PUT',
        'TeleVisits/:meetingId/participants/:participantId/action/:action',
        (i: Ids) => `TeleVisits/${i.a2}/participants/${i.p}/action/WaitingRoom`,
      ],
      [
        'POST',
        'TeleVisits/:meetingId/participants/:participantId/invitations',
        (i: Ids) =>
          `TeleVisits/${i.a2}/participants/${i.provider1}/invitations?contactMethod=email&contactDetail=a%40b.co`,
      ],
      ['PUT', 'TeleVisits/:meetingId/summary', (i: Ids) => `TeleVisits/${i.a2}/summary`],
      ['GET', 'TeleVisits/:meetingId/ice-servers', (i: Ids) => `TeleVisits/${i.a2}/ice-servers`],
      ['GET', 'TeleAppointments/:id/participants', (i: Ids) => `TeleAppointments/${i.a2}/participants`],
      ['GET', 'TeleVisitsDevice/:meetingId', (i: Ids) => `TeleVisitsDevice/${i.a2}`],
      ['GET', 'TeleVisitsHistory/:meetingId', (i: Ids) => `TeleVisitsHistory/${i.a2}`],
      ['GET', 'TeleVisitsRating/:meetingId/ratings', (i: Ids) => `TeleVisitsRating/${i.a2}/ratings`],
      ['GET', 'chatsession/appointments/:id', (i: Ids) => `chatsession/appointments/${i.a2}`],
      // A file of P's that no visit's chat carries (a form answer's) is nobody's through the chat.
      ['GET', 'chatsession/files/:fileId', (i: Ids) => `chatsession/files/${i.file2}`],
    ] as const
  ).map(([method, route, url]): Row => ({
    method,
    route: `${APPT}/v2/${route}`,
    url: (i) => `${APPT}/v2/${url(i)}`,
    ...(route.endsWith('summary') ? { body: () => ({ Notes: 'x' }) } : {}),
    expect: { anon: 401, self: 404, stranger: 404, care1Provider: 404, p2Staff: 404 },
  })),
  // The clinical record (issue 27): P's chart as the policy shows it; practice 2's entries are its own.
  ...(
    [
      ['observations', { Code: '8867-4', Value: 70 }],
      ['medication-statements', { Text: 'Vitamin D' }],
      ['immunizations', { Code: '141', OccurrenceDate: '2025-10-01' }],
      ['document-references', { Title: 'Note', ContentType: 'text/plain', Data: 'aGVsbG8=' }],
      ['allergy-intolerances', { Text: 'Dust' }],
      ['conditions', { Code: '38341003' }],
      ['family-member-histories', { Relationship: 'MTH', Code: '44054006' }],
      ['procedures', { Code: '80146002' }],
      ['diagnostic-reports', { Code: '58410-2', Text: 'CBC panel' }],
    ] as const
  ).flatMap(([collection, body]): Row[] => [
    {
      method: 'GET',
      route: `${CLIN}/clinical/patients/:id/${collection}`,
      url: (i) => `${CLIN}/clinical/patients/${i.p}/${collection}`,
      expect: patientOwned,
    },
    {
      method: 'POST',
      route: `${CLIN}/clinical/patients/:id/${collection}`,
      url: (i) => `${CLIN}/clinical/patients/${i.p}/${collection}`,
      body: () => body,
      expect: patientWrite,
    },
    {
      method: 'PATCH',
      route: `${CLIN}/clinical/patients/:id/${collection}/:entryId`,
      url: (i) =>
        `${CLIN}/clinical/patients/${i.p}/${collection}/${collection === 'diagnostic-reports' ? i.diag2 : randomUUID()}`,
      body: () => ({ Status: 'entered-in-error' }),
      // Only the practice that recorded an entry changes it.
      expect:
        collection === 'diagnostic-reports'
          ? { anon: 401, self: 404, stranger: 404, care1Provider: 404, p2Staff: 'pass' }
          : { anon: 401, self: 404, care1Provider: 404 },
    },
  ]),
  {
    method: 'GET',
    route: '/fhir/R4/Patient/:id/$everything',
    url: (i) => `/fhir/R4/Patient/${i.p}/$everything`,
    expect: patientOwned,
  },
  {
    method: 'GET',
    route: `${CLIN}/health-cards/patients/:id`,
    url: (i) => `${CLIN}/health-cards/patients/${i.p}`,
    expect: patientOwned,
  },
  {
    method: 'GET',
    route: `${CLIN}/health-cards/patients/:id/file`,
    url: (i) => `${CLIN}/health-cards/patients/${i.p}/file`,
    expect: patientOwned,
  },
  {
    method: 'GET',
    route: `${CLIN}/web/patient-medication/:id`,
    url: (i) => `${CLIN}/web/patient-medication/${i.p}`,
    expect: patientOwned,
  },
  {
    method: 'GET',
    route: `${ADMIN}/v1/patients/:id/encounters`,
    url: (i) => `${ADMIN}/v1/patients/${i.p}/encounters`,
    expect: patientOwned,
  },
  {
    method: 'GET',
    route: `${CLIN}/clinical/diagnostic-reports/:id`,
    url: (i) => `${CLIN}/clinical/diagnostic-reports/${i.diag2}`,
    expect: practice2Owned,
  },
  {
    method: 'GET',
    route: `${CLIN}/clinical/observations/encounters/:id`,
    url: (i) => `${CLIN}/clinical/observations/encounters/${i.enc2}`,
    expect: practice2Owned,
  },
  {
    method: 'GET',
    route: `${CLIN}/clinical/encounters/:id/document-references`,
    url: (i) => `${CLIN}/clinical/encounters/${i.enc2}/document-references`,
    expect: practice2Owned,
  },
];

// Ids in the query or the body (issue 23 item 7): the completeness check reads each route's schemas.
const ORG2 = DEMO_PRACTICE_IDS[1];
const paymentBody = (i: Ids) => ({
  PatientId: i.p,
  OrganizationId: ORG2,
  EntityType: 'provider',
  EntityId: i.provider1,
  Insured: false,
  CoverageId: i.coverage,
  PaymentMethodId: 'pm_card_visa',
});
const MSG = '/careslot-messaging/api/v1';
const BODY_ROWS: Row[] = [
  // The practice's activity and session logs (issue 28, decision 0112): only its admins; no patient, no stranger.
  ...(['UserActivities', 'UserSessions'] as const).map((log): Row => ({
    method: 'POST',
    route: `/careslot-logging/api/v1/${log}/find`,
    url: () => `/careslot-logging/api/v1/${log}/find`,
    body: () => ({ OrganizationId: DEMO_PRACTICE_IDS[0], From: '2026-01-01', To: '2026-12-31' }),
    expect: { anon: 401, self: 404, stranger: 404, care1Staff: 403, support: 404 },
  })),
  // A confirmation logged by hand (issue 28): only the visit's practice's admins.
  {
    method: 'POST',
    route: '/careslot-notification/api/v1/AppointmentConfirmationLog',
    url: () => '/careslot-notification/api/v1/AppointmentConfirmationLog',
    body: (i) => ({ AppointmentId: i.a2, ConfirmedBy: 'Patient' }),
    expect: { anon: 401, self: 404, family: 404, stranger: 404, care1Staff: 404, p2Staff: 403 },
  },
  // The patient inbox (issue 28): threads of P are P's, their family's and the caring practice's.
  {
    method: 'GET',
    route: `${MSG}/MessageThreads`,
    url: (i) => `${MSG}/MessageThreads?PatientId=${i.p}`,
    expect: {
      anon: 401,
      self: 200,
      family: 200,
      stranger: 403,
      care1Staff: 200,
      support: 403,
      supportPurpose: 200,
    },
  },
  {
    method: 'POST',
    route: `${MSG}/MessageThreads`,
    url: () => `${MSG}/MessageThreads`,
    body: (i) => ({
      PatientId: i.p,
      OrganizationId: DEMO_PRACTICE_IDS[0],
      Subject: 'Parking',
      Body: 'Where?',
    }),
    expect: { anon: 401, self: 200, family: 200, stranger: 404, care1Staff: 200, p2Staff: 404 },
  },
  // The new capabilities' calls that name P's appointment, payment or record in their body or query: only the
  // practices of the object (and, where the call is the patient's, P and family) pass; strangers are refused.
  {
    method: 'POST',
    route: `${PAY}/v1/invoices`,
    url: () => `${PAY}/v1/invoices`,
    body: (i) => ({
      OrganizationId: randomUUID(),
      PatientId: i.p,
      Lines: [{ Category: 'other', AmountCents: 100 }],
    }),
    expect: { anon: 401, self: 404, stranger: 404 },
  },
  {
    method: 'POST',
    route: `${PAY}/v1/invoices/advance-search`,
    url: () => `${PAY}/v1/invoices/advance-search`,
    body: (i) => ({ PatientId: i.p }),
    expect: { anon: 401, stranger: 403 },
  },
  {
    method: 'GET',
    route: `${PAY}/paymenttransactions/invoice`,
    url: (i) => `${PAY}/paymenttransactions/invoice?invoiceId=${i.inv2}`,
    expect: { anon: 401, stranger: 404, care1Provider: 404 },
  },
  {
    method: 'POST',
    route: `${PAY}/v1/payment-processor/refunds`,
    url: () => `${PAY}/v1/payment-processor/refunds`,
    body: (i) => ({
      TransactionId: i.pay2,
      AmountCents: 100,
      Reason: 'Overcharged',
      IdempotencyKey: randomUUID(),
    }),
    expect: { anon: 401, self: 404, stranger: 404, care1Provider: 404 },
  },
  {
    method: 'GET',
    route: `${PAY}/v1/payment-processor/refunds`,
    url: (i) => `${PAY}/v1/payment-processor/refunds?transactionId=${i.pay2}`,
    expect: { anon: 401, self: 404, stranger: 404, care1Provider: 404 },
  },
  {
    method: 'POST',
    route: `${PAY}/v1/web/appointment-copay/request`,
    url: () => `${PAY}/v1/web/appointment-copay/request`,
    body: (i) => ({ AppointmentId: i.a2, AmountCents: 2500, Channel: 'email' }),
    expect: { anon: 401, self: 404, stranger: 404, care1Provider: 404 },
  },
  {
    method: 'POST',
    route: `${APPT}/v2/TeleVisits/details`,
    url: () => `${APPT}/v2/TeleVisits/details`,
    body: (i) => ({ AppointmentId: i.a2 }),
    expect: { anon: 401, stranger: 404, care1Provider: 404 },
  },
  {
    // The practice's own visits only: another practice's user asking for A2 is answered an empty list.
    method: 'POST',
    route: `${APPT}/v2/TeleVisits/statuses`,
    url: () => `${APPT}/v2/TeleVisits/statuses`,
    body: (i) => ({ AppointmentIds: [i.a2] }),
    expect: { anon: 401, self: 404, stranger: 404, care1Provider: 200, p2Staff: 200, support: 404 },
  },
  ...[
    'patientcheckIn/share/checkin-link',
    'token/generate',
    'token/generate/short-url',
    'token/generate/qr-code',
    'patientcheckIn/statuses',
  ].map((path): Row => ({
    method: 'POST',
    route: `${CHECKIN}/${path}`,
    url: () => `${CHECKIN}/${path}`,
    body: (i) => (path.endsWith('statuses') ? { AppointmentIds: [i.a2] } : { AppointmentId: i.a2 }),
    expect: { anon: 401, stranger: 404, care1Provider: 404 },
  })),
  {
    method: 'POST',
    route: `${CHECKIN}/patientcheckIn/workflow-status`,
    url: () => `${CHECKIN}/patientcheckIn/workflow-status`,
    body: (i) => ({ AppointmentId: i.a2, Step: 'Demographics' }),
    // The patient's own check-in, by the link's token: without one every caller is refused alike.
    expect: { anon: 404, stranger: 404, care1Provider: 404 },
  },
  ...['procedures', 'conditions'].map((kind): Row => ({
    method: 'POST',
    route: `${CLIN}/clinical/${kind}/advance-search`,
    url: () => `${CLIN}/clinical/${kind}/advance-search`,
    body: (i) => ({ PatientId: i.p }),
    expect: { anon: 401, stranger: 404 },
  })),
  ...['PatientCoverage/advance-search', 'web/patient-coverage/advance-search'].map((path): Row => ({
    method: 'POST',
    route: `${ADMIN}/v2/${path}`,
    url: () => `${ADMIN}/v2/${path}`,
    body: (i) => ({ PatientId: i.p }),
    expect: patientOwned,
  })),
  ...['PatientCoverage', 'web/patient-coverage'].map((path): Row => ({
    method: 'POST',
    route: `${ADMIN}/v2/${path}`,
    url: () => `${ADMIN}/v2/${path}`,
    body: coverageBody,
    expect: { ...patientWrite, care1Provider: 'pass', p2Staff: 404, supportPurpose: 403 },
  })),
  // A patient's pharmacies, emergency contacts and family members (decision 0110): the patient's record's rule.
  {
    method: 'GET',
    route: `${ADMIN}/v2/patient/:id/pharmacies`,
    url: (i) => `${ADMIN}/v2/patient/${i.p}/pharmacies`,
    expect: patientOwned,
  },
  ...(
    [
      ['v2/PatientPharmacies/advance-search', { OrderBy: 'desc', Offset: 0, Limit: 10 }],
      ['v1/PatientContact/advance-search', {}],
    ] as const
  ).map(([path, paging]): Row => ({
    method: 'POST',
    route: `${ADMIN}/${path}`,
    url: () => `${ADMIN}/${path}`,
    body: (i) => ({ PatientId: i.p, ...paging }),
    expect: patientOwned,
  })),
  {
    method: 'POST',
    route: `${ADMIN}/v2/PatientPharmacies`,
    url: () => `${ADMIN}/v2/PatientPharmacies`,
    body: (i) => ({ PatientId: i.p, Name: 'Main Street Pharmacy', Phone: '(212) 555-0199' }),
    expect: { ...patientWrite, care1Provider: 'pass', supportPurpose: 403 },
  },
  {
    method: 'POST',
    route: `${ADMIN}/v1/PatientContact`,
    url: () => `${ADMIN}/v1/PatientContact`,
    body: (i) => ({
      PatientId: i.p,
      FirstName: 'Lee',
      LastName: 'Access',
      Relationship: 'Parent',
      Phone: '(212) 555-0142',
    }),
    expect: { ...patientWrite, care1Provider: 'pass', supportPurpose: 403 },
  },
  {
    method: 'POST',
    route: `${ADMIN}/v2/patient/:id/family-member`,
    url: (i) => `${ADMIN}/v2/patient/${i.p}/family-member?relation=Child`,
    body: () => ({ FirstName: 'Kit', LastName: 'Access', BirthDate: '2020-02-02', Gender: 'Female' }),
    expect: { ...patientWrite, care1Provider: 'pass', supportPurpose: 403 },
  },
  // Removing one: the refusals here (an id of nobody's entry); removing a real one in contacts.test.ts.
  ...['v2/patient/:id/pharmacies', 'v1/patients/:id/contacts'].map((path): Row => ({
    method: 'DELETE',
    route: `${ADMIN}/${path}/:entryId`,
    url: (i) => `${ADMIN}/${path.replace(':id', i.p)}/${randomUUID()}`,
    expect: { anon: 401, stranger: 404, p2Staff: 404, support: 403 },
  })),
  ...(
    [
      ['reserve', 'patientId'],
      ['validate-reserved-slot', 'patientId'],
    ] as const
  ).map(([path, param]): Row => ({
    method: 'POST',
    route: `/careslot-calendar/api/v2/slot/${path}`,
    url: (i) => `/careslot-calendar/api/v2/slot/${path}?${param}=${i.p}`,
    body: () => ({ SlotIds: [randomUUID()] }),
    expect: {
      anon: 401,
      self: 'pass',
      family: 'pass',
      stranger: 404,
      care1Staff: 'pass',
      p2Staff: 404,
      support: 403,
    },
  })),
  // A slot no one holds is not found whoever asks: only the refusals of the patient's id are told apart.
  {
    method: 'POST',
    route: '/careslot-calendar/api/v2/slot/update-reserved-slot',
    url: (i) => `/careslot-calendar/api/v2/slot/update-reserved-slot?PatientId=${i.p}`,
    body: () => ({ SlotIds: [randomUUID()] }),
    expect: { anon: 401, stranger: 404, p2Staff: 404, support: 403 },
  },
  {
    method: 'POST',
    route: '/careslot-notification/api/v1/otp-request/generate',
    url: () => '/careslot-notification/api/v1/otp-request/generate',
    body: (i) => ({ PhoneNumber: '(212) 555-0100', PatientId: i.p }),
    expect: { anon: 401, self: 200, family: 200, stranger: 404, care1Staff: 200, p2Staff: 404, support: 403 },
  },
  {
    method: 'GET',
    route: '/careslot-notification/api/v1/notification/PatientSettings/:id',
    url: (i) => `/careslot-notification/api/v1/notification/PatientSettings/${i.p}`,
    expect: { anon: 401, self: 200, family: 200, stranger: 404, care1Staff: 200, p2Staff: 404, support: 403 },
  },
  {
    method: 'PUT',
    route: '/careslot-notification/api/v1/notification/PatientSettings/:id',
    url: (i) => `/careslot-notification/api/v1/notification/PatientSettings/${i.p}`,
    body: () => ({ TimeZone: 'America/New_York', SmsAlertsEnabled: true }),
    expect: { anon: 401, self: 200, family: 200, stranger: 404, care1Staff: 200, p2Staff: 404, support: 403 },
  },
  {
    method: 'POST',
    route: '/careslot-notification/api/v1/notification/PatientSettings',
    url: () => '/careslot-notification/api/v1/notification/PatientSettings',
    body: (i) => ({ PatientId: i.p, TimeZone: 'America/New_York', SmsAlertsEnabled: true }),
    expect: {
      anon: 401,
      self: 200,
      family: 200,
      stranger: 404,
      care1Staff: 200,
      p2Staff: 404,
      support: 403,
      supportPurpose: 403,
    },
  },
  {
    method: 'GET',
    route: `${PAY}/v1/stripepayment/customers/payment-methods`,
    url: (i) => `${PAY}/v1/stripepayment/customers/payment-methods?patientId=${i.p}`,
    expect: patientOwned,
  },
  {
    method: 'POST',
    route: `${PAY}/v1/stripepayment/customers/payment-methods`,
    url: () => `${PAY}/v1/stripepayment/customers/payment-methods`,
    body: (i) => ({ PatientId: i.p, PaymentMethodId: 'pm_card_visa' }),
    expect: {
      anon: 401,
      self: 'pass',
      family: 'pass',
      stranger: 404,
      care1Staff: 'pass',
      p2Staff: 404,
      support: 403,
      supportPurpose: 403,
    },
  },
  ...[
    'stripepayment/invoices/payment-intent',
    'fortispayment/invoices/payment-intent',
    'globalpayment/process-amount',
  ].map((path): Row => ({
    method: 'POST',
    route: `${PAY}/v1/${path}`,
    url: () => `${PAY}/v1/${path}?amount=2500`,
    body: paymentBody,
    expect: {
      anon: 401,
      self: 'pass',
      family: 'pass',
      stranger: 404,
      care1Provider: 404,
      care1Staff: 404,
      p2Staff: 404,
      support: 403,
    },
  })),
  {
    method: 'POST',
    route: `${PAY}/v1/paypalpayment/orders`,
    url: () => `${PAY}/v1/paypalpayment/orders?amount=2500`,
    body: (i) => ({ ...paymentBody(i), PaymentMethodId: undefined }),
    expect: {
      anon: 401,
      self: 'pass',
      family: 'pass',
      stranger: 404,
      care1Provider: 404,
      care1Staff: 404,
      p2Staff: 404,
      support: 403,
    },
  },
  ...['stripepayment/capture-amount', 'payment-processor/refund-amount'].map((path): Row => ({
    method: 'POST',
    route: `${PAY}/v1/${path}`,
    url: () => `${PAY}/v1/${path}`,
    body: (i) => ({ TransactionId: i.pay2 }),
    expect: { ...practice2Write, self: 'pass', support: 403 },
  })),
  {
    method: 'POST',
    route: `${PAY}/v1/web/patientbalance`,
    url: () => `${PAY}/v1/web/patientbalance`,
    body: (i) => ({ PatientId: i.p, OrganizationId: ORG2 }),
    expect: { ...practice2Owned, supportPurpose: 200 },
  },
  {
    method: 'GET',
    route: `${APPT}/v2/web/patient-appointments`,
    url: (i) => `${APPT}/v2/web/patient-appointments?patientId=${i.p}`,
    expect: portal,
  },
  {
    method: 'POST',
    route: `${APPT}/v2/appointmentrequestactivity/logs/get`,
    url: () => `${APPT}/v2/appointmentrequestactivity/logs/get`,
    body: (i) => ({ AppointmentId: i.a2 }),
    expect: { anon: 401, self: 404, stranger: 404, p2Staff: 200, support: 404 },
  },
  {
    method: 'POST',
    route: `${APPT}/v2/Appointments`,
    url: () => `${APPT}/v2/Appointments`,
    headers: () => ({ 'idempotency-key': randomUUID() }),
    body: (i) => ({
      CalendarId: i.calendar2,
      StartTime: '2030-01-07T15:00:00.000Z',
      Participants: [{ Type: 'Patient', ParticipantId: i.p }],
      PatientCoverages: [{ CoverageId: i.coverage }],
      Payments: [{ PaymentTransactionId: i.pay2 }],
    }),
    expect: { anon: 401, stranger: 404, support: 403 },
  },
  {
    method: 'POST',
    route: `${APPT}/v2/OfficeAppointments`,
    url: () => `${APPT}/v2/OfficeAppointments`,
    body: (i) => ({ CalendarId: i.calendar2, StartTime: '2030-01-07T15:00:00.000Z', PatientId: i.p }),
    expect: {
      anon: 401,
      self: 403,
      stranger: 403,
      care1Provider: 404,
      care1Staff: 404,
      p2Staff: 'pass',
      support: 403,
    },
  },
  ...['appointments/advance-search', 'Appointments/advance-search'].map((path): Row => ({
    method: 'POST',
    route: `${APPT}/v2/${path}`,
    url: () => `${APPT}/v2/${path}`,
    body: (i) => ({ From: '2030-01-01T00:00:00.000Z', To: '2030-01-10T00:00:00.000Z', PatientId: i.p }),
    expect: { anon: 401, self: 403, stranger: 403, care1Staff: 200, p2Staff: 200, support: 403 },
  })),
  {
    method: 'POST',
    route: `${FORMS}/customformresponse`,
    url: () => `${FORMS}/customformresponse`,
    body: (i) => ({
      CustomFormId: i.form2,
      UserId: i.p,
      EntityId: i.a2,
      EntityType: 'Appointment',
      Components: { medications: 'metformin' },
    }),
    expect: {
      anon: 401,
      self: 'pass',
      stranger: 404,
      care1Provider: 404,
      care1Staff: 404,
      p2Staff: 404,
      support: 403,
    },
  },
  {
    method: 'POST',
    route: `${FORMS}/customformresponse/files`,
    url: () => `${FORMS}/customformresponse/files`,
    body: (i) => ({
      Name: 'meds.png',
      ContentType: 'image/png',
      Data: PNG.toString('base64'),
      PatientId: i.p,
    }),
    expect: { anon: 401, self: 200, family: 200, stranger: 404, care1Staff: 404, p2Staff: 404, support: 403 },
  },
  {
    method: 'POST',
    route: `${APPT}/v1/WebPreBookingResponse`,
    url: () => `${APPT}/v1/WebPreBookingResponse`,
    body: (i) => ({ CustomFormId: i.form2, CustomFormResponse: { symptoms: 'none' }, PatientId: i.p }),
    expect: { anon: 401, self: 'pass', stranger: 404, care1Staff: 404, p2Staff: 404, support: 403 },
  },
  // Digital check-in (decision 0094): the patient's calls need the link's token (X-Checkin-Token), which none of
  // these callers has: every one is answered as an unknown visit. The practice's view is the visit's practice's.
  ...(
    [
      ['GET', 'custom-forms/:id', undefined],
      ['GET', 'consents/:id', undefined],
      ['POST', 'custom-form-response/:id', () => ({ CustomFormId: randomUUID(), Components: {} })],
      ['PUT', 'insurance/:id', () => ({ CarrierName: 'Acme', MemberId: 'W1' })],
      [
        'POST',
        'insurance/:id/card-pictures',
        () => ({ Side: 'front', Name: 'card.png', ContentType: 'image/png', Data: PNG.toString('base64') }),
      ],
    ] as const
  ).map(([method, path, body]): Row => ({
    method,
    route: `${CHECKIN}/digitalcheckin/patient/${path}`,
    url: (i) => `${CHECKIN}/digitalcheckin/patient/${path.replace(':id', i.a2)}`,
    ...(body ? { body } : {}),
    expect: { anon: 404, self: 404, stranger: 404, care1Staff: 404, p2Staff: 404 },
  })),
  {
    method: 'GET',
    route: `${CHECKIN}/digitalcheckin/custom-form-response/:id`,
    url: (i) => `${CHECKIN}/digitalcheckin/custom-form-response/${i.a2}`,
    expect: {
      anon: 401,
      self: 404,
      stranger: 404,
      care1Staff: 404,
      p2Staff: 200,
      support: 403,
      supportPurpose: 200,
    },
  },
];

const ID_PATTERN = /patient|appointment|coverage|payment|transaction|response|file|clinical|invoice/i;
/** The words of a field name that make it one of the ids the table must cover (PatientId, AppointmentIds, FileId...). */
const ID_WORDS = new Set([
  'patient',
  'appointment',
  'coverage',
  'payment',
  'transaction',
  'response',
  'file',
  'clinical',
  'invoice',
]);

/** Whether a route's path takes one of the ids the table must cover (by the param's name or the path before it). */
function pathTakesGuardedId(url: string): boolean {
  const segments = url.split('/');
  return segments.some(
    (segment, index) =>
      segment.startsWith(':') &&
      (ID_PATTERN.test(segment) || ID_PATTERN.test(segments.slice(0, index).join('/'))),
  );
}

/** Whether a field name is a guarded id: its last word is Id(s) and another is one of ID_WORDS ("ProfileId" is not). */
function isGuardedIdField(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .map((word) => word.toLowerCase());
  const last = words.at(-1);
  return (last === 'id' || last === 'ids') && words.slice(0, -1).some((word) => ID_WORDS.has(word));
}

/** Every property name of a zod schema, nested objects and arrays included (through its JSON schema). */
function fieldNames(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return [];
  let json: unknown;
  try {
    json = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' });
  } catch {
    return [];
  }
  const names: string[] = [];
  const stack: unknown[] = [json];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      stack.push(...(node as unknown[]));
      continue;
    }
    const record = node as Record<string, unknown>;
    if (record.properties && typeof record.properties === 'object') {
      for (const [name, child] of Object.entries(record.properties)) {
        names.push(name);
        stack.push(child);
      }
    }
    for (const [name, child] of Object.entries(record)) if (name !== 'properties') stack.push(child);
  }
  return names;
}

/** The guarded ids a route takes in its params, query or body schemas (what the path alone does not show). */
function schemaGuardedIds(route: RegisteredRoute): string[] {
  const { params, querystring, body } = route.schema;
  return [params, querystring, body].flatMap(fieldNames).filter(isGuardedIdField);
}

function takesGuardedId(route: RegisteredRoute): boolean {
  return pathTakesGuardedId(route.url) || schemaGuardedIds(route).length > 0;
}

describe('access table', () => {
  let t: TestApp;
  let ids: Ids;
  const tokens = {} as Record<Exclude<Actor, 'anon' | 'supportPurpose'>, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const [org1, org2] = DEMO_PRACTICE_IDS;
    const holder = await createPatient(t.database, {
      firstName: 'Hana',
      lastName: 'Holder',
      email: `holder-${randomUUID().slice(0, 8)}@example.com`,
    });
    // P is registered by practice 1 (its care relation) and managed by H's account.
    const member = await addFamilyMember(t.database, holder.Id, 'Child', {
      firstName: 'Pat',
      lastName: 'Access',
      managingOrganizationId: org1,
    });
    const p = member.RelatedPatientId;
    const stranger = await createPatient(t.database, { firstName: 'Bo', lastName: 'Stranger' });
    const scheduleOf = async (org: string) =>
      (
        await t.database.query<{ id: string; practitioner_id: string; location_id: string }>(
          'select s.id, s.practitioner_id, s.location_id from schedules s join locations l on l.id = s.location_id where l.organization_id = $1 and s.practitioner_id is not null order by s.id limit 1',
          [org],
        )
      )[0]!;
    const [s1, s2] = [await scheduleOf(org1), await scheduleOf(org2)];
    const appointment = async (
      org: string,
      s: { id: string; practitioner_id: string; location_id: string },
      start: string,
    ) => {
      const id = randomUUID();
      await t.database.query(
        `insert into appointments (id, patient_id, schedule_id, start_at, end_at, practitioner_id, location_id, organization_id, appointment_type, schedule_type,
           status, reasons, participants, booking_system, audit_trail, created_by)
         values ($1, $2, $3, $4, $4::timestamptz + interval '30 minutes', $5, $6, $7, 'Office', 'Scheduled', 'Scheduled', '[{"Name":"Intake: medications"}]',
           $8, '{"Type":"Internal"}', '{}', 'test')`,
        [
          id,
          p,
          s.id,
          start,
          s.practitioner_id,
          s.location_id,
          org,
          JSON.stringify([{ Type: 'Patient', ParticipantId: p }]),
        ],
      );
      return id;
    };
    const a1 = await appointment(org1, s1, '2030-01-02T15:00:00Z');
    const a2 = await appointment(org2, s2, '2030-01-03T15:00:00Z');
    const pay2 = randomUUID();
    await t.database.query(
      `insert into payment_transactions (id, patient_id, organization_id, gateway, amount_cents, currency, status, payment_method_id, card_details, created_by, created_at, updated_at)
       values ($1, $2, $3, 'sandbox', 2500, 'usd', 'Captured', 'pm_1', 'xxxx-4242', 'test', now(), now())`,
      [pay2, p, org2],
    );
    // Practice 2's encounter of P's visit there and a report of it, as its chart would have recorded them.
    const [enc2, diag2] = [randomUUID(), randomUUID()];
    for (const [id, type, encounter] of [
      [enc2, 'Encounter', null],
      [diag2, 'DiagnosticReport', enc2],
    ] as const)
      await t.database.query(
        `insert into clinical_resources (id, resource_type, patient_id, organization_id, encounter_id, appointment_id, status, effective_at, resource)
         values ($1, $2, $3, $4, $5, $6, 'final', now(), $7)`,
        [
          id,
          type,
          p,
          org2,
          encounter,
          type === 'Encounter' ? a2 : null,
          JSON.stringify({ resourceType: type, id }),
        ],
      );
    const inv2 = randomUUID();
    await t.database.query(`insert into invoices (id, organization_id, patient_id) values ($1, $2, $3)`, [
      inv2,
      org2,
      p,
    ]);
    // P's saved notification settings (GET/PUT PatientSettings/{id} name them by the patient's id).
    await t.database.query(
      `insert into patient_notification_settings (id, patient_id, time_zone, sms_alerts_enabled, updated_at)
       values ($1, $2, 'America/New_York', true, now()) on conflict (patient_id) do nothing`,
      [randomUUID(), p],
    );
    const form2 = randomUUID();
    await t.database.query(
      `insert into custom_forms (id, organization_id, name, form_type, definition) values ($1, $2, 'Intake (practice 2)', 'Intake Form', '{"Components":[]}')`,
      [form2, org2],
    );
    const file = await storeFile(t.database, {
      patientId: p,
      purpose: 'form',
      upload: { Name: 'meds.png', ContentType: 'image/png', Data: '' },
      bytes: PNG,
      createdBy: 'test',
      now: new Date(),
    });
    const response = async (kind: 'response' | 'prebooking', components: unknown) => {
      const id = randomUUID();
      await t.database.query(
        `insert into custom_form_responses (id, kind, custom_form_id, patient_id, components, created_by) values ($1, $2, $3, $4, $5, 'test')`,
        [id, kind, form2, p, JSON.stringify(components)],
      );
      return id;
    };
    const resp2 = await response('response', { medications: 'metformin', card: file });
    const pre2 = await response('prebooking', { symptoms: 'none' });

    tokens.self = await tokenFor(
      t.tokens,
      { user_roles: ['patient'], user_type: 'Patient', careslot_id: p, email: 'pat.access@example.com' },
      3600,
    );
    tokens.family = await tokenFor(
      t.tokens,
      { user_roles: ['patient'], user_type: 'Patient', careslot_id: holder.Id, email: 'hana@example.com' },
      3600,
    );
    tokens.stranger = await tokenFor(
      t.tokens,
      { user_roles: ['patient'], user_type: 'Patient', careslot_id: stranger.Id, email: 'bo@example.com' },
      3600,
    );
    const practiceUser = (role: 'provider' | 'staff', org: string, id: string) =>
      tokenFor(
        t.tokens,
        {
          user_roles: [role],
          user_type: 'Practitioner',
          careslot_id: id,
          PracticeId: org,
          email: `${role}-${org.slice(0, 4)}@example.com`,
        },
        3600,
      );
    tokens.care1Provider = await practiceUser('provider', org1, s1.practitioner_id);
    tokens.care1Staff = await practiceUser('staff', org1, demoPerson('staff').id);
    tokens.p2Staff = await practiceUser('staff', org2, randomUUID());
    tokens.support = await tokenFor(
      t.tokens,
      {
        user_roles: ['supportagent'],
        user_type: 'SuperUser',
        careslot_id: randomUUID(),
        email: 'support@example.com',
      },
      3600,
    );

    // A coverage of P with a card picture, made through the API by P.
    const coverage = await t.call<{ data: { Id: string } }>({
      method: 'POST',
      url: `${ADMIN}/v2/PatientCoverage`,
      headers: bearer(tokens.self),
      payload: coverageBody({ p } as Ids),
    });
    const pictured = await t.call<{ data: { CardPictures: { Url: string }[] } }>({
      method: 'POST',
      url: `${ADMIN}/v2/PatientCoverage/${coverage.json.data.Id}/card-pictures?side=Front`,
      headers: bearer(tokens.self),
      payload: { Name: 'front.png', ContentType: 'image/png', Data: PNG.toString('base64') },
    });
    const picture = pictured.json.data.CardPictures[0]!.Url.split('/').at(-1)!;
    ids = {
      p,
      a1,
      a2,
      pay2,
      inv2,
      resp2,
      pre2,
      file2: file.FileId,
      coverage: coverage.json.data.Id,
      picture,
      provider1: s1.practitioner_id,
      calendar2: s2.id,
      enc2,
      diag2,
      form2,
    };
  }, 120_000);

  afterAll(async () => {
    await t.close();
  });

  const headersOf = (actor: Actor): Record<string, string> => {
    if (actor === 'anon') return {};
    if (actor === 'supportPurpose') return { ...bearer(tokens.support), 'x-access-purpose': PURPOSE };
    return bearer(tokens[actor]);
  };

  it('covers every route that takes a patient, appointment, coverage, payment, form-response, file or clinical id', () => {
    const inTable = new Set([...TABLE, ...BODY_ROWS].map((row) => `${row.method} ${row.route}`));
    const guarded = t.app.registeredRoutes
      .filter((r) => r.method !== 'HEAD' && takesGuardedId(r))
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !(key in NOT_PATIENT_DATA));
    expect(guarded.length).toBeGreaterThan(20);
    expect(guarded.filter((key) => !inTable.has(key))).toEqual([]);
    // And the table names only routes that exist.
    const registered = new Set(t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
    expect([...inTable].filter((key) => !registered.has(key))).toEqual([]);
  });

  it("finds a guarded id in a route's query or body schema, nested too (a planted route)", () => {
    const planted = (schema: RegisteredRoute['schema']): RegisteredRoute => ({
      method: 'POST',
      url: '/careslot-planted/api/v1/search',
      features: [],
      schema,
    });
    expect(takesGuardedId(planted({ body: z.object({ Filter: z.object({ PatientId: z.string() }) }) }))).toBe(
      true,
    );
    expect(takesGuardedId(planted({ querystring: z.object({ appointmentId: z.string().optional() }) }))).toBe(
      true,
    );
    expect(
      takesGuardedId(
        planted({ body: z.object({ Items: z.array(z.object({ FileIds: z.array(z.string()) })) }) }),
      ),
    ).toBe(true);
    // A profile is not a file, a participant not a patient.
    expect(
      takesGuardedId(planted({ body: z.object({ ProfileId: z.string(), ParticipantId: z.string() }) })),
    ).toBe(false);
  });

  for (const row of [...TABLE, ...BODY_ROWS]) {
    for (const [actor, expected] of Object.entries(row.expect) as [Actor, Expected][]) {
      it(`${row.method} ${row.route} as ${actor} → ${expected}`, async () => {
        const res = await t.call({
          method: row.method,
          url: row.url(ids),
          headers: { ...headersOf(actor), ...row.headers?.() },
          ...(row.body ? { payload: row.body(ids) as object } : {}),
        });
        if (expected === 'pass') expect([401, 403, 404], res.body).not.toContain(res.statusCode);
        else expect(res.statusCode, res.body).toBe(expected);
      });
    }
  }

  it("answers 404 to a provider and a staff member of the practice caring for P for P's appointment, payment and form response at another practice, each audited as denied", async () => {
    for (const actor of ['care1Provider', 'care1Staff'] as const) {
      for (const url of [
        `${APPT}/v2/Appointments/${ids.a2}`,
        `${PAY}/paymenttransaction/${ids.pay2}`,
        `${FORMS}/customformresponse/${ids.resp2}`,
      ]) {
        const res = await t.call({ url, headers: headersOf(actor) });
        expect(res.statusCode, url).toBe(404);
        // The answer is the same as for an id that does not exist.
        expect(res.body).toBe(
          (await t.call({ url: url.replace(/[0-9a-f-]{36}$/, randomUUID()), headers: headersOf(actor) }))
            .body,
        );
      }
    }
    const rows = await t.database.query<{
      entity_id: string;
      outcome: string;
      patient_id: string;
      actor_organization_id: string;
      detail: { reason: string };
    }>(
      `select entity_id, outcome, patient_id, actor_organization_id, detail from audit_events
       where entity_id = any($1) and actor_organization_id = $2 and action = 'read'`,
      [[ids.a2, ids.pay2, ids.resp2], DEMO_PRACTICE_IDS[0]],
    );
    for (const id of [ids.a2, ids.pay2, ids.resp2]) {
      expect(
        rows.filter(
          (r) =>
            r.entity_id === id &&
            r.outcome === 'denied' &&
            r.detail.reason === 'other_practice' &&
            r.patient_id === ids.p,
        ).length,
        id,
      ).toBeGreaterThanOrEqual(2);
    }
  });

  it('records the client address and the stated purpose of a support read', async () => {
    await t.call({
      url: `${ADMIN}/v2/patient/${ids.p}`,
      headers: headersOf('supportPurpose'),
      remoteAddress: '203.0.113.9',
    });
    const [row] = await t.database.query<{
      ip: string;
      purpose: string;
      outcome: string;
      detail: { relation: string };
    }>(
      'select ip, purpose, outcome, detail from audit_events where entity_id = $1 and purpose is not null order by id desc limit 1',
      [ids.p],
    );
    expect(row).toEqual({
      ip: '203.0.113.9',
      purpose: PURPOSE,
      outcome: 'success',
      detail: { relation: 'support' },
    });
  });
});
