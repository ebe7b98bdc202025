import type {
  Address,
  Appointment,
  FhirResource,
  HealthcareService,
  Location,
  Organization,
  Practitioner,
  PractitionerRole,
  Schedule,
  Slot,
} from '@careslot/contracts';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { fieldError, notFound } from '../../platform/errors';
import { getAppointment, searchAppointmentsForFhir } from '../appointments';
import {
  getHealthcareService,
  getLocation,
  getOrganization,
  searchHealthcareServices,
  searchLocations,
  searchOrganizations,
} from '../organizations';
import { getPractitioner, listPractitionerRoles, searchPractitioners } from '../people';
import { FHIR_APPOINTMENT_STATUS } from '../publications';
import { getScheduleDetails, searchScheduleDetails, searchSlots } from '../scheduling';

type Deps = Pick<AppDeps, 'database' | 'clock'>;

/**
 * The scheduling directory in FHIR R4 (decision 0096): practices, their people, facilities, services,
 * schedules and slots, readable by any signed-in caller as the product's public search is; appointments
 * through the access policy (a patient their own, a practice its own).
 */
export const SCHEDULING_TYPES = [
  'Practitioner',
  'PractitionerRole',
  'Location',
  'HealthcareService',
  'Schedule',
  'Slot',
  'Appointment',
] as const;

/** The search parameters each directory type answers (and the CapabilityStatement lists). */
export const DIRECTORY_SEARCH: Record<string, readonly { name: string; type: string }[]> = {
  Organization: [
    { name: '_id', type: 'token' },
    { name: 'name', type: 'string' },
    { name: 'identifier', type: 'token' },
  ],
  Practitioner: [
    { name: '_id', type: 'token' },
    { name: 'family', type: 'string' },
    { name: 'given', type: 'string' },
    { name: 'identifier', type: 'token' },
  ],
  PractitionerRole: [
    { name: 'practitioner', type: 'reference' },
    { name: 'organization', type: 'reference' },
    { name: 'location', type: 'reference' },
  ],
  Location: [
    { name: '_id', type: 'token' },
    { name: 'organization', type: 'reference' },
    { name: 'name', type: 'string' },
  ],
  HealthcareService: [
    { name: '_id', type: 'token' },
    { name: 'organization', type: 'reference' },
    { name: 'location', type: 'reference' },
    { name: 'name', type: 'string' },
  ],
  Schedule: [
    { name: '_id', type: 'token' },
    { name: 'actor', type: 'reference' },
  ],
  Slot: [
    { name: 'schedule', type: 'reference' },
    { name: 'start', type: 'date' },
    { name: 'status', type: 'token' },
  ],
  Appointment: [
    { name: 'patient', type: 'reference' },
    { name: 'date', type: 'date' },
    { name: 'status', type: 'token' },
  ],
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NPI_SYSTEM = 'http://hl7.org/fhir/sid/us-npi';
const DAY_MS = 86_400_000;
/** The widest Slot search (start range), so one search never generates a year of slots. */
export const MAX_SLOT_DAYS = 31;

/** A search's parameters and window, as the route hands them over. */
export interface DirectorySearch {
  params: Record<string, string | undefined>;
  /** The start range of Slot and Appointment searches (ISO instants). */
  from: string | null;
  to: string | null;
  count: number;
  offset: number;
}

const ref = (type: string, id: string | null | undefined) => (id ? [{ reference: `${type}/${id}` }] : []);

/** A reference parameter's id (`Type/id` or `id`), which must be a uuid; undefined when absent. */
function idParam(params: DirectorySearch['params'], name: string, type: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  const id = value.startsWith(`${type}/`) ? value.slice(type.length + 1) : value;
  if (!UUID.test(id)) throw fieldError(name, 'format', `must be a ${type} id`);
  return id;
}

const address = (a: Address) => ({
  line: [a.Address1, ...a.Address2].filter((l): l is string => !!l),
  ...(a.City ? { city: a.City } : {}),
  ...(a.State ? { state: a.State } : {}),
  ...(a.ZipCode ? { postalCode: a.ZipCode } : {}),
  country: 'US',
});

const telecom = (entries: [system: string, value: string | null | undefined][]) =>
  entries.filter(([, value]) => !!value).map(([system, value]) => ({ system, value: value! }));

const gender = (g: string | null) => (g ? { gender: g.toLowerCase() } : {});

export function practitionerResource(p: Practitioner): FhirResource {
  return {
    resourceType: 'Practitioner',
    id: p.Id,
    active: p.Active,
    identifier: [
      ...(p.Npi ? [{ system: NPI_SYSTEM, value: p.Npi }] : []),
      ...p.Identifier.filter((i) => i.System !== NPI_SYSTEM).map((i) => ({
        system: i.System,
        value: i.Value,
      })),
    ],
    name: p.Name.map((n) => ({
      family: n.Family,
      given: n.Given,
      ...(n.Prefix.length ? { prefix: n.Prefix } : {}),
      ...(n.Suffix ? { suffix: [n.Suffix] } : {}),
    })),
    ...gender(p.Gender),
    ...(p.Photos.length ? { photo: p.Photos.map((photo) => ({ url: photo.Url })) } : {}),
  };
}

export function practitionerRoleResource(r: PractitionerRole): FhirResource {
  return {
    resourceType: 'PractitionerRole',
    id: r.Id,
    active: r.Active,
    practitioner: { reference: `Practitioner/${r.PractitionerId}` },
    organization: { reference: `Organization/${r.OrganizationId}` },
    code: r.Code.map((code) => ({ text: code })),
    location: r.LocationIds.map((id) => ({ reference: `Location/${id}` })),
  };
}

export function organizationResource(o: Organization): FhirResource {
  return {
    resourceType: 'Organization',
    id: o.Id,
    active: o.Active,
    identifier: o.Identifier.map((i) => ({ system: i.System, value: i.Value })),
    type: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/organization-type',
            code: 'prov',
            display: 'Healthcare Provider',
          },
        ],
      },
    ],
    name: o.Name,
    telecom: telecom([
      ['phone', o.Phone],
      ['email', o.Email],
      ['url', o.Website],
    ]),
    address: [address(o.Address)],
  };
}

export function locationResource(l: Location): FhirResource {
  const a = l.address;
  return {
    resourceType: 'Location',
    id: l.Id,
    status: l.Active ? 'active' : 'inactive',
    name: l.Name,
    telecom: telecom([['phone', l.Phone], ...l.emails.map((e): [string, string] => ['email', e])]),
    address: address({
      Address1: a.address1,
      Address2: a.address2 ? [a.address2] : [],
      City: a.city,
      State: a.state,
      ZipCode: a.zip_code,
    }),
    ...(a.longitude !== null && a.latitude !== null
      ? { position: { longitude: a.longitude, latitude: a.latitude } }
      : {}),
    managingOrganization: { reference: `Organization/${l.OrganizationId}` },
  };
}

export function healthcareServiceResource(s: HealthcareService): FhirResource {
  return {
    resourceType: 'HealthcareService',
    id: s.Id,
    active: s.Active,
    providedBy: { reference: `Organization/${s.OrganizationId}` },
    ...(s.Category ? { category: [{ text: s.Category }] } : {}),
    location: s.LocationIds.map((id) => ({ reference: `Location/${id}` })),
    name: s.Name,
    ...(s.About ? { comment: s.About } : {}),
  };
}

export function scheduleResource(s: Schedule): FhirResource {
  const horizon = s.PlanningHorizon[0];
  return {
    resourceType: 'Schedule',
    id: s.Id,
    active: s.OnlineBookingEnabled,
    serviceType: s.ServiceType.map((t) => ({ text: t.Name })),
    actor: [
      ...ref('Practitioner', s.PractitionerId),
      ...ref('Location', s.LocationId),
      ...ref('HealthcareService', s.HealthcareServiceId),
    ],
    ...(horizon ? { planningHorizon: { start: horizon.Start, end: horizon.End } } : {}),
  };
}

/** A slot's FHIR id: the schedule and the start in milliseconds (the product's slot ids hold `_` and `:`). */
export const fhirSlotId = (slot: Pick<Slot, 'ScheduleId' | 'Start'>) =>
  `${slot.ScheduleId}-${Date.parse(slot.Start)}`;

function parseFhirSlotId(id: string): { scheduleId: string; start: Date } | null {
  const match = /^([0-9a-f-]{36})-(\d{1,15})$/i.exec(id);
  return match && UUID.test(match[1]!) ? { scheduleId: match[1]!, start: new Date(Number(match[2])) } : null;
}

export function slotResource(s: Slot): FhirResource {
  return {
    resourceType: 'Slot',
    id: fhirSlotId(s),
    serviceType: (s.ServiceType ?? []).map((t) => ({ text: t.Name })),
    schedule: { reference: `Schedule/${s.ScheduleId}` },
    status: s.Status,
    start: s.Start,
    end: s.End,
  };
}

/** FHIR's appointmentstatus code of a product status (the publications' mapping). */
const fhirStatus = (status: string) => FHIR_APPOINTMENT_STATUS[status] ?? 'booked';

/** The product's statuses a FHIR status search names. */
function statusesOf(fhirStatuses: string): string[] {
  const statuses = Object.entries(FHIR_APPOINTMENT_STATUS)
    .filter(([, code]) => fhirStatuses.split(',').includes(code))
    .map(([status]) => status);
  if (!statuses.length) throw fieldError('status', 'enum', 'must be a FHIR appointment status');
  return statuses;
}

const PARTICIPANT_RESOURCE: Record<string, string> = {
  Patient: 'Patient',
  Provider: 'Practitioner',
  Practitioner: 'Practitioner',
  Location: 'Location',
  HealthCareService: 'HealthcareService',
};

const V2_0276 = 'http://terminology.hl7.org/CodeSystem/v2-0276';

export function appointmentResource(a: Appointment): FhirResource {
  const status = fhirStatus(a.Status);
  const people = a.Participants.filter((p) => PARTICIPANT_RESOURCE[p.Type]).map((p) => ({
    actor: { reference: `${PARTICIPANT_RESOURCE[p.Type]}/${p.ParticipantId}` },
    status: 'accepted',
  }));
  return {
    resourceType: 'Appointment',
    id: a.Id,
    status,
    ...(a.StatusReason && status === 'cancelled' ? { cancelationReason: { text: a.StatusReason } } : {}),
    serviceType: a.ServiceType.map((t) => ({ text: t.Name })),
    appointmentType: {
      coding: [
        a.ScheduleType === 'Walk-In'
          ? { system: V2_0276, code: 'WALKIN', display: 'A previously unscheduled walk-in visit' }
          : { system: V2_0276, code: 'ROUTINE', display: 'Routine appointment - default if not valued' },
      ],
      text: a.AppointmentType,
    },
    ...(a.ReasonsText ? { reasonCode: [{ text: a.ReasonsText }] } : {}),
    start: a.StartTime,
    end: a.EndTime,
    participant: [
      ...people,
      ...(a.LocationId && !people.some((p) => p.actor.reference === `Location/${a.LocationId}`)
        ? [{ actor: { reference: `Location/${a.LocationId}` }, status: 'accepted' }]
        : []),
    ],
  };
}

/** The slots of [from, to) of the schedules, free and busy, as the product's slot search has them. */
async function slotsOf(deps: Deps, scheduleIds: string[], from: Date, to: Date): Promise<Slot[]> {
  return searchSlots(deps.database, { scheduleIds, from, to, now: deps.clock.now(), isAvailable: false });
}

/** Reads one directory resource or appointment; null when the type is not one of them. */
export async function readDirectory(
  deps: Deps,
  context: RequestContext,
  type: string,
  id: string,
): Promise<FhirResource | null> {
  if (type === 'Slot') {
    const parsed = parseFhirSlotId(id);
    if (!parsed) throw notFound();
    const at = parsed.start.getTime();
    const slot = (await slotsOf(deps, [parsed.scheduleId], parsed.start, new Date(at + 1))).find(
      (s) => Date.parse(s.Start) === at,
    );
    if (!slot) throw notFound();
    return slotResource(slot);
  }
  if (!(SCHEDULING_TYPES as readonly string[]).includes(type) && type !== 'Organization') return null;
  if (!UUID.test(id)) throw notFound();
  const found = await (async () => {
    switch (type) {
      case 'Organization': {
        const practice = await getOrganization(deps.database, id);
        return practice ? organizationResource(practice) : null;
      }
      case 'Practitioner': {
        const p = await getPractitioner(deps.database, id);
        return p ? practitionerResource(p) : null;
      }
      case 'PractitionerRole': {
        const [role] = await listPractitionerRoles(deps.database, { Id: id });
        return role ? practitionerRoleResource(role) : null;
      }
      case 'Location': {
        const l = await getLocation(deps.database, id);
        return l ? locationResource(l) : null;
      }
      case 'HealthcareService': {
        const s = await getHealthcareService(deps.database, id);
        return s ? healthcareServiceResource(s) : null;
      }
      case 'Schedule': {
        const s = await getScheduleDetails(deps, id, deps.clock.now());
        return s ? scheduleResource(s) : null;
      }
      default:
        return appointmentResource(await getAppointment(deps, context, id));
    }
  })();
  // Organization: not a practice, so perhaps a patient's pharmacy (the caller reads that through the patient).
  if (!found && type !== 'Organization') throw notFound();
  return found;
}

/** Searches a directory type or appointments; null when the type is not one of them. */
export async function searchDirectory(
  deps: Deps,
  context: RequestContext,
  type: string,
  search: DirectorySearch,
): Promise<{ resources: FhirResource[]; total: number } | null> {
  const { params, count, offset } = search;
  // The owning modules page from 1: ask for the first offset + count and keep the page asked for.
  const upTo = { Limit: offset + count, Offset: 1 };
  const page = <T>(items: T[], total: number, shape: (item: T) => FhirResource) => ({
    resources: items.slice(offset, offset + count).map(shape),
    total,
  });
  const ids = (name: string, t: string) => {
    const id = idParam(params, name, t);
    return id ? [id] : undefined;
  };
  switch (type) {
    case 'Organization': {
      const { Data, Total } = await searchOrganizations(deps.database, {
        ...upTo,
        ...(params._id ? { OrganizationId: idParam(params, '_id', 'Organization')! } : {}),
        ...(params.name ? { Name: params.name } : {}),
        // The product's identifier texts are FHIR's token: 'system|value', or a value of any system.
        ...(params.identifier ? { Identifier: [params.identifier] } : {}),
      });
      return page(Data, Total, organizationResource);
    }
    case 'Practitioner': {
      const { identifier } = params;
      const npi = identifier?.startsWith(`${NPI_SYSTEM}|`)
        ? identifier.slice(NPI_SYSTEM.length + 1)
        : undefined;
      const { Data, Total } = await searchPractitioners(deps.database, {
        ...upTo,
        ...(params._id ? { Ids: ids('_id', 'Practitioner')! } : {}),
        ...(params.family ? { FamilyName: params.family } : {}),
        ...(params.given ? { GivenName: params.given } : {}),
        ...(npi ? { Npi: npi } : identifier ? { Identifier: [identifier] } : {}),
      });
      return page(Data, Total, practitionerResource);
    }
    case 'PractitionerRole': {
      const practitioner = idParam(params, 'practitioner', 'Practitioner');
      const organization = idParam(params, 'organization', 'Organization');
      const location = idParam(params, 'location', 'Location');
      if (!practitioner && !organization && !location)
        throw fieldError('practitioner', 'required', 'practitioner, organization or location is required');
      const roles = await listPractitionerRoles(deps.database, {
        ...(practitioner ? { PractitionerId: practitioner } : {}),
        ...(organization ? { OrganizationId: organization } : {}),
        ...(location ? { LocationId: location } : {}),
      });
      return page(roles, roles.length, practitionerRoleResource);
    }
    case 'Location': {
      const organization = idParam(params, 'organization', 'Organization');
      const { Data, Total } = await searchLocations(deps.database, {
        ...upTo,
        ...(params._id ? { Ids: ids('_id', 'Location')! } : {}),
        ...(organization ? { OrganizationId: organization } : {}),
        ...(params.name ? { Name: params.name } : {}),
      });
      return page(Data, Total, locationResource);
    }
    case 'HealthcareService': {
      const organization = idParam(params, 'organization', 'Organization');
      const location = idParam(params, 'location', 'Location');
      const { Data, Total } = await searchHealthcareServices(deps.database, {
        ...upTo,
        ...(params._id ? { Ids: ids('_id', 'HealthcareService')! } : {}),
        ...(organization ? { OrganizationId: organization } : {}),
        ...(location ? { LocationId: location } : {}),
        ...(params.name ? { Name: params.name } : {}),
      });
      return page(Data, Total, healthcareServiceResource);
    }
    case 'Schedule': {
      const actor = params.actor;
      const [actorType, actorId] = actor?.includes('/') ? actor.split('/') : [undefined, actor];
      if (actorId !== undefined && !UUID.test(actorId))
        throw fieldError(
          'actor',
          'format',
          'must be a Practitioner, Location or HealthcareService reference',
        );
      if (actorType && !['Practitioner', 'Location', 'HealthcareService'].includes(actorType))
        throw fieldError(
          'actor',
          'format',
          'must be a Practitioner, Location or HealthcareService reference',
        );
      const schedules = await searchScheduleDetails(
        deps,
        {
          ...(params._id ? { Ids: ids('_id', 'Schedule')! } : {}),
          ...(actorId && (!actorType || actorType === 'Practitioner') ? { PractitionerId: actorId } : {}),
          ...(actorId && actorType === 'Location' ? { LocationId: actorId } : {}),
          ...(actorId && actorType === 'HealthcareService' ? { HealthcareServiceId: actorId } : {}),
        },
        deps.clock.now(),
      );
      return page(schedules, schedules.length, scheduleResource);
    }
    case 'Slot': {
      const schedule = params.schedule;
      if (!schedule) throw fieldError('schedule', 'required', 'is required to search Slot');
      const scheduleIds = schedule.split(',').map((s) => s.replace(/^Schedule\//, ''));
      if (scheduleIds.length > 20 || !scheduleIds.every((id) => UUID.test(id)))
        throw fieldError('schedule', 'format', 'must be up to 20 Schedule ids');
      if (params.status && !['free', 'busy'].includes(params.status))
        throw fieldError('status', 'enum', 'must be free or busy');
      const from = search.from ? new Date(search.from) : deps.clock.now();
      const to = search.to ? new Date(search.to) : new Date(from.getTime() + 7 * DAY_MS);
      if (to.getTime() - from.getTime() > MAX_SLOT_DAYS * DAY_MS)
        throw fieldError('start', 'range', `must span at most ${MAX_SLOT_DAYS} days`);
      const slots = (await slotsOf(deps, scheduleIds, from, to)).filter(
        (s) => !params.status || s.Status === params.status,
      );
      return page(slots, slots.length, slotResource);
    }
    case 'Appointment': {
      const { appointments, total } = await searchAppointmentsForFhir(deps, context, {
        patientId: idParam(params, 'patient', 'Patient') ?? null,
        from: search.from,
        to: search.to,
        statuses: params.status ? statusesOf(params.status) : null,
        offset,
        count,
      });
      return { resources: appointments.map(appointmentResource), total };
    }
    default:
      return null;
  }
}
