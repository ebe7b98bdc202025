import { queryOptions } from '@tanstack/react-query';
import type { Patient, PatientSettings, PortalAppointment } from '@careslot/contracts';
import { apiRequest } from '../../shared/api/client';
import { getSession } from '../../shared/session/session';

const PORTAL = '/careslot-appointment-service/api/v2/web/patient-appointments';

export const portalKeys = {
  all: ['portal'] as const,
  list: (patientId: string, when: 'upcoming' | 'past') =>
    ['portal', 'appointments', patientId, when] as const,
  one: (id: string) => ['portal', 'appointment', id] as const,
  patient: (id: string) => ['portal', 'patient', id] as const,
};

export const appointmentsQuery = (patientId: string, when: 'upcoming' | 'past') =>
  queryOptions({
    queryKey: portalKeys.list(patientId, when),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ Data: PortalAppointment[] }>(PORTAL, { query: { patientId, when }, signal })).Data,
  });

export const appointmentQuery = (id: string) =>
  queryOptions({
    queryKey: portalKeys.one(id),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: PortalAppointment }>(`${PORTAL}/${encodeURIComponent(id)}`, { signal })).data,
    retry: false,
  });

export const patientQuery = (id: string) =>
  queryOptions({
    queryKey: portalKeys.patient(id),
    queryFn: ({ signal }) =>
      apiRequest<Patient>(`/careslot-administration/api/v2/patient/${encodeURIComponent(id)}`, { signal }),
  });

export async function cancelAppointment(id: string, reason: string): Promise<PortalAppointment> {
  return (
    await apiRequest<{ data: PortalAppointment }>(`${PORTAL}/${encodeURIComponent(id)}/cancel`, {
      method: 'POST',
      body: { Reason: reason },
    })
  ).data;
}

export async function rescheduleAppointment(
  id: string,
  calendarId: string,
  startTime: string,
): Promise<void> {
  await apiRequest(`${PORTAL}/${encodeURIComponent(id)}/reschedule`, {
    method: 'POST',
    body: { CalendarId: calendarId, StartTime: startTime },
  });
}

/** The query key of a patient's record. */
export const patientKeys = (id: string) => portalKeys.patient(id);

/** The patient's languages (Communication), the first the one their messages are written in (issue 30, item 6). */
export async function savePatientLanguage(id: string, languages: string[]): Promise<void> {
  await apiRequest(`/careslot-administration/api/v2/patient/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { Communication: languages },
  });
}

export async function savePatientSettings(input: Omit<PatientSettings, 'Id'>): Promise<PatientSettings> {
  return (
    await apiRequest<{ data: PatientSettings }>(
      '/careslot-notification/api/v1/notification/PatientSettings',
      { method: 'POST', body: input },
    )
  ).data;
}

/** Downloads the visit's iCalendar file (the call needs the bearer token, so it is fetched, then saved). */
export async function downloadCalendarFile(id: string): Promise<void> {
  const token = getSession().accessToken;
  const response = await fetch(`${PORTAL}/${encodeURIComponent(id)}/calendar.ics`, {
    headers: token ? { authorization: `bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) throw new Error(`calendar file: ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `careslot-appointment-${id}.ics`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
