/**
 * The FHIR R4 Appointment a publication carries (https://hl7.org/fhir/R4/appointment.html): ids, times,
 * status and references only; no names, contact details or visit reasons.
 */
export interface FhirAppointment {
  resourceType: 'Appointment';
  id: string;
  meta: { lastUpdated: string };
  identifier: { system: string; value: string }[];
  status: FhirAppointmentStatus;
  start: string;
  end: string;
  minutesDuration: number;
  appointmentType?: { coding: { system: string; code: string; display: string }[] };
  participant: { actor: { reference: string }; status: 'accepted' }[];
}

export type FhirAppointmentStatus =
  | 'proposed'
  | 'pending'
  | 'booked'
  | 'arrived'
  | 'fulfilled'
  | 'cancelled'
  | 'noshow'
  | 'entered-in-error'
  | 'checked-in'
  | 'waitlist';

/** The product's statuses as FHIR's appointmentstatus codes (the FHIR API's status search too). */
export const STATUS: Record<string, FhirAppointmentStatus> = {
  Proposed: 'proposed',
  Draft: 'proposed',
  Pending: 'pending',
  Scheduled: 'booked',
  Accepted: 'booked',
  Booked: 'booked',
  Confirmed: 'booked',
  Arrived: 'arrived',
  'Waiting-Room': 'arrived',
  Started: 'arrived',
  'In Progress': 'arrived',
  'Checked-In': 'checked-in',
  'Checked-Out': 'fulfilled',
  Ended: 'fulfilled',
  Canceled: 'cancelled',
  Rejected: 'cancelled',
  Failed: 'cancelled',
  'No-Show': 'noshow',
  'Entered-In-Error': 'entered-in-error',
  Waitlist: 'waitlist',
};

export const CARESLOT_APPOINTMENT_SYSTEM = 'urn:careslot:appointment';

export interface AppointmentForFhir {
  id: string;
  status: string;
  start: Date;
  end: Date;
  patientId: string;
  practitionerId: string | null;
  locationId: string | null;
  appointmentType: string;
  /** The appointment's identifiers in other systems ({System, Value}). */
  identifiers: unknown[];
}

export function toFhirAppointment(a: AppointmentForFhir, now: Date): FhirAppointment {
  const others = a.identifiers.flatMap((i) => {
    const { System, Value } = (i ?? {}) as { System?: unknown; Value?: unknown };
    return typeof System === 'string' && typeof Value === 'string' ? [{ system: System, value: Value }] : [];
  });
  return {
    resourceType: 'Appointment',
    id: a.id,
    meta: { lastUpdated: now.toISOString() },
    identifier: [{ system: CARESLOT_APPOINTMENT_SYSTEM, value: a.id }, ...others],
    status: STATUS[a.status] ?? 'booked',
    start: a.start.toISOString(),
    end: a.end.toISOString(),
    minutesDuration: Math.round((a.end.getTime() - a.start.getTime()) / 60_000),
    ...(a.appointmentType === 'TeleHealth'
      ? {
          appointmentType: {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/v2-0276',
                code: 'ROUTINE',
                display: 'Video visit',
              },
            ],
          },
        }
      : {}),
    participant: [
      { actor: { reference: `Patient/${a.patientId}` }, status: 'accepted' },
      ...(a.practitionerId
        ? [{ actor: { reference: `Practitioner/${a.practitionerId}` }, status: 'accepted' as const }]
        : []),
      ...(a.locationId
        ? [{ actor: { reference: `Location/${a.locationId}` }, status: 'accepted' as const }]
        : []),
    ],
  };
}
