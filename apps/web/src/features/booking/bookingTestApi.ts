import { vi } from 'vitest';
import type {
  CalendarSlotData,
  Coverage,
  CustomForm,
  Patient,
  ScheduleSettings,
  ScheduleSummary,
} from '@careslot/contracts';
import { signInPatient } from '../../testing/session';

/** Test data and a routed fetch stub for the booking screens' component tests. */
export const HOLDER_ID = '0b6a3c1e-1111-4a2b-8c3d-000000000001';
export const CHILD_ID = '0b6a3c1e-1111-4a2b-8c3d-000000000002';
export const LOCATION_ID = '0b6a3c1e-1111-4a2b-8c3d-0000000000a1';
export const ORG_ID = '0b6a3c1e-1111-4a2b-8c3d-0000000000b1';
export const CALENDAR_ID = '0b6a3c1e-1111-4a2b-8c3d-0000000000c1';
export const PROVIDER_ID = '0b6a3c1e-1111-4a2b-8c3d-0000000000d1';
export const FORM_ID = '0b6a3c1e-1111-4a2b-8c3d-0000000000e1';
export const PLAN_ID = '0b6a3c1e-1111-4a2b-8c3d-0000000000f1';

export const held: CalendarSlotData = {
  calendarId: CALENDAR_ID,
  facilityId: LOCATION_ID,
  time_slot: {
    ScheduleId: CALENDAR_ID,
    Status: 'busy',
    Start: '2026-11-24T15:00:00.000Z',
    End: '2026-11-24T15:30:00.000Z',
    Capacity: 1,
    CapacityAvailable: 0,
    SlotIds: ['s1'],
  },
  entity: {
    Id: PROVIDER_ID,
    Type: 'Practitioner',
    Name: 'Dr. Maya Okafor, MD',
    Speciality: 'Family Medicine',
    Photo: null,
  },
  selectedReason: -1,
  actorLocationCalendars: [CALENDAR_ID],
  workflow: 'PROVIDER_PROFILE',
  expiresAt: '2099-11-23T13:50:00.000Z',
};

export const schedule: ScheduleSummary = {
  Id: CALENDAR_ID,
  PractitionerId: PROVIDER_ID,
  LocationId: LOCATION_ID,
  TimeZone: 'America/New_York',
  SlotMinutes: 30,
  Capacity: 1,
  PlanningHorizonDays: 90,
  SlotHideHours: 0,
  OnlineBookingEnabled: true,
};

export const settings: ScheduleSettings = {
  ScheduleId: CALENDAR_ID,
  CollectPatientDemographics: true,
  EnableInsurance: true,
  EnableSelfPay: true,
  RequiresApproval: false,
  supported_regions: ['US'],
  Insurances: [
    { Id: PLAN_ID, Name: 'Aetna Choice POS II' },
    { Id: '0b6a3c1e-1111-4a2b-8c3d-0000000000f2', Name: 'Blue Cross PPO' },
    { Id: '0b6a3c1e-1111-4a2b-8c3d-0000000000f3', Name: 'Cigna Open Access Plus' },
  ],
};

const audit = {
  CreatedBySystem: 'careslot',
  LastChangedBySystem: 'careslot',
  WorkflowOrServiceName: null,
  CreatedOn: '2026-01-01T00:00:00Z',
  LastChangedOn: '2026-01-01T00:00:00Z',
};

export function patient(id: string, overrides: Partial<Patient> = {}): Patient {
  return {
    Id: id,
    Active: true,
    Identifier: [],
    Name: [
      { Use: 'Official', Text: 'Jordan Ellis', Given: ['Jordan'], Family: 'Ellis', Prefix: [], Suffix: [] },
    ],
    Telecom: [
      { System: 'Email', Value: 'patient@example.com', Use: null, IsVerified: true },
      { System: 'Mobile', Value: '(212) 555-0140', Use: 'mobile', IsVerified: false },
    ],
    BirthDate: '1990-05-01',
    Gender: 'Female',
    Address: { Address1: '12 Grove Street', Address2: [], City: 'New York', State: 'NY', ZipCode: '10014' },
    Communication: [],
    Contact: [],
    Photos: [],
    ManagingOrganization: ORG_ID,
    TimeZone: 'America/New_York',
    AuditTrail: audit,
    ...overrides,
  };
}

export function coverage(overrides: Partial<Coverage> = {}): Coverage {
  return {
    Id: '0b6a3c1e-1111-4a2b-8c3d-0000000000aa',
    Identifier: [],
    PatientId: HOLDER_ID,
    Subscriber: {
      Id: HOLDER_ID,
      Gender: null,
      Name: {
        Use: 'Official',
        Text: '',
        Family: '',
        Given: [],
        Prefix: [],
        Suffix: [],
        Period: { Start: null, End: null },
      },
      BirthDate: null,
    },
    SubscriberId: 'AET-1234',
    DependentNumber: null,
    CardPictures: [],
    Eligibility: null,
    Kind: 'insurance',
    Relationship: 'Self',
    Status: 'Active',
    Priority: 'Primary',
    Period: { Start: null, End: null },
    Insurance: { Reference: PLAN_ID, Display: 'Aetna Choice POS II', Type: null },
    IsDefault: true,
    Name: 'Aetna Choice POS II',
    PolicyNumber: 'AET-1234',
    AuditTrail: audit,
    ...overrides,
  };
}

export const screeningForm: CustomForm = {
  Id: FORM_ID,
  Name: 'Health screening',
  Description: null,
  FormType: 'Screening Form',
  OrganizationId: ORG_ID,
  AssociatedServiceTypes: [{ Id: '-1', Name: 'All Reasons' }],
  Version: 1,
  LocationIds: [],
  ProviderIds: [],
  ResourceIds: [],
  Active: true,
  Definition: {
    Sections: [
      {
        Key: 'symptoms',
        Title: 'Health screening',
        Components: [
          { Key: 'fever', Type: 'yes-no', Label: 'Have you had a fever?', Required: true },
          {
            Key: 'since',
            Type: 'date',
            Label: 'When did it start?',
            Required: true,
            ShowWhen: { Key: 'fever', In: ['yes'] },
          },
          { Key: 'sign', Type: 'signature', Label: 'Type your full name', Required: true },
        ],
      },
    ],
  },
};

export interface ApiState {
  holder: Patient;
  coverages: Coverage[];
  forms: CustomForm[];
  settings: ScheduleSettings;
  visitFee: boolean;
  related: { RelatedPatientId: string; Given: string; Relationship: string }[];
}

type Handler = (url: URL, init: RequestInit | undefined) => { status?: number; body: unknown } | undefined;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Stubs fetch with the booking calls: reads answer from `state`, and `handlers` (tried first) answer the
 * calls a test is about. Every call is recorded for assertions.
 */
export function stubBookingApi(overrides: Partial<ApiState> = {}, handlers: Handler[] = []) {
  const state: ApiState = {
    holder: patient(HOLDER_ID),
    coverages: [],
    forms: [],
    settings,
    visitFee: false,
    related: [],
    ...overrides,
  };
  const calls: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      input instanceof Request ? input.url : input instanceof URL ? input.href : input,
      'http://localhost',
    );
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, query: url.searchParams, body });
    for (const handler of handlers) {
      const answer = handler(url, init);
      if (answer) return json(answer.body, answer.status ?? 200);
    }
    const p = url.pathname;
    if (p.endsWith(`/schedule/${CALENDAR_ID}/booking-settings`)) return json(state.settings);
    if (p.endsWith(`/schedule/${CALENDAR_ID}`)) return json(schedule);
    if (p.endsWith(`/location/${LOCATION_ID}`))
      return json({ Id: LOCATION_ID, OrganizationId: ORG_ID, Name: 'Midtown', TimeZone: 'America/New_York' });
    if (p.endsWith(`/patient/${HOLDER_ID}`)) return json(state.holder);
    if (p.endsWith(`/patient/${CHILD_ID}`))
      return json(
        patient(CHILD_ID, {
          Name: [
            {
              Use: 'Official',
              Text: 'Robin Ellis',
              Given: ['Robin'],
              Family: 'Ellis',
              Prefix: [],
              Suffix: [],
            },
          ],
          Telecom: [],
        }),
      );
    if (p.endsWith('/related-persons'))
      return json({
        Data: state.related.map((r) => ({
          Id: `rel-${r.RelatedPatientId}`,
          PatientId: HOLDER_ID,
          RelatedPatientId: r.RelatedPatientId,
          Relationship: r.Relationship,
          Active: true,
          Name: [
            { Use: 'Official', Text: r.Given, Given: [r.Given], Family: 'Ellis', Prefix: [], Suffix: [] },
          ],
          Gender: null,
          BirthDate: null,
          Telecom: [],
        })),
        Total: state.related.length,
      });
    if (p.endsWith('/patient-coverage/advance-search'))
      return json({ Data: state.coverages, Total: state.coverages.length });
    if (p.endsWith('/customform/eligibleForms')) return json(state.forms);
    if (p.endsWith('/organizations/get-by-organization'))
      return json({
        status_code: 200,
        message: 'success',
        data: {
          OrganizationId: ORG_ID,
          EnableOnlinePayment: state.visitFee,
          Gateway: { GatewayName: 'Stripe', AccountNumber: null },
        },
      });
    // A location without a gateway of its own, as the server answers it: the organization's applies (decision 0055).
    if (p.endsWith('/locations/get-by-location'))
      return json({
        status_code: 200,
        message: 'success',
        data: {
          OrganizationId: ORG_ID,
          LocationId: LOCATION_ID,
          Gateway: { GatewayName: null, AccountNumber: null, ProductId: null, CredentialSet: false },
        },
      });
    if (p.endsWith('/entityconfigurations/entity'))
      return json({
        status_code: 200,
        message: 'success',
        data: {
          OrganizationId: ORG_ID,
          EntityType: 'provider',
          EntityId: PROVIDER_ID,
          VisitFeeDetails: { Enable: state.visitFee, InsuredAmount: 25, UninsuredAmount: 75 },
        },
      });
    if (p.endsWith('/states'))
      return json({
        Data: [
          { Code: 'NY', Display: 'New York', Fips: '36' },
          { Code: 'NJ', Display: 'New Jersey', Fips: '34' },
        ],
        Total: 2,
      });
    return json({ status_code: 404, message: 'This page cannot be reached.', data: null }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { state, calls, fetchMock };
}

export function signInTestPatient() {
  signInPatient({ userId: HOLDER_ID, email: 'patient@example.com', identityProviderId: 's1' });
}

export function holdTestSlot() {
  sessionStorage.setItem('slot_data', JSON.stringify(held));
}
