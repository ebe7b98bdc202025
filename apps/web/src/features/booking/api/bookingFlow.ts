import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  Coverage,
  CoverageInput,
  CustomForm,
  FileUpload,
  FormAnswers,
  FormAssociationQuery,
  LocationPaymentConfig,
  OrganizationPaymentConfig,
  OtpRequest,
  Patient,
  PatientUpdate,
  PreBookingResponse,
  RelatedPerson,
  ScheduleSettings,
  StoredFileRef,
} from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

/** The calls of the booking flow's middle stages (patient-booking.md §7), one place per call shape. */
const ADMIN = '/careslot-administration/api';
const FORMS = '/careslot-custom-form/api/v1';
const NOTIFY = '/careslot-notification/api/v1';
const PAY = '/careslot-payment-service/api';
type Envelope<T> = { status_code: number; message: string; data: T };

export const scheduleSettingsQuery = (calendarId: string) =>
  queryOptions({
    queryKey: ['schedule-settings', calendarId],
    queryFn: ({ signal }) =>
      apiRequest<ScheduleSettings>(
        `/careslot-calendar/api/v2/schedule/${encodeURIComponent(calendarId)}/booking-settings`,
        { signal },
      ),
    staleTime: 5 * 60_000,
  });

export function useScheduleSettings(calendarId: string | null) {
  return useQuery({ ...scheduleSettingsQuery(calendarId ?? ''), enabled: !!calendarId });
}

export const patientQuery = (id: string) =>
  queryOptions({
    queryKey: ['patient', id],
    queryFn: ({ signal }) => apiRequest<Patient>(`${ADMIN}/v2/patient/${encodeURIComponent(id)}`, { signal }),
  });

export function usePatient(id: string | null) {
  return useQuery({ ...patientQuery(id ?? ''), enabled: !!id });
}

export function useRelatedPersons(id: string | null) {
  return useQuery({
    queryKey: ['related-persons', id],
    queryFn: ({ signal }) =>
      apiRequest<{ Data: RelatedPerson[] }>(
        `${ADMIN}/v1/patients/${encodeURIComponent(id!)}/related-persons`,
        { signal },
      ),
    enabled: !!id,
    select: (answer) => answer.Data.filter((p) => p.Active),
  });
}

export const coveragesQuery = (patientId: string) =>
  queryOptions({
    queryKey: ['coverages', patientId],
    queryFn: ({ signal }) =>
      apiRequest<{ Data: Coverage[] }>(`${ADMIN}/v2/web/patient-coverage/advance-search`, {
        method: 'POST',
        body: { PatientId: patientId, Status: 'Active' },
        signal,
      }),
    select: (answer: { Data: Coverage[] }) => answer.Data,
  });

export function useCoverages(patientId: string | null) {
  return useQuery({ ...coveragesQuery(patientId ?? ''), enabled: !!patientId });
}

/** The screening forms that apply to this booking (4.3 step 7), filtered by reason on the server. */
export function useScreeningForms(query: FormAssociationQuery | null) {
  return useQuery({
    queryKey: ['screening-forms', query],
    queryFn: ({ signal }) =>
      apiRequest<CustomForm[]>(`${FORMS}/customform/eligibleForms`, {
        method: 'POST',
        query: { formType: 'Screening Form' },
        body: query,
        signal,
      }),
    enabled: !!query,
    staleTime: 5 * 60_000,
  });
}

export const savePreBookingResponse = (body: {
  CustomFormId: string;
  CustomFormResponse: FormAnswers;
  PatientId?: string;
}) =>
  apiRequest<Envelope<PreBookingResponse>>('/careslot-appointment-service/api/v1/WebPreBookingResponse', {
    method: 'POST',
    body,
  }).then((a) => a.data);

export const uploadFormFile = (patientId: string, upload: FileUpload) =>
  apiRequest<Envelope<StoredFileRef>>(`${FORMS}/customformresponse/files`, {
    method: 'POST',
    body: { PatientId: patientId, ...upload },
  }).then((a) => a.data);

export const updatePatient = (id: string, body: PatientUpdate) =>
  apiRequest<Envelope<Patient>>(`${ADMIN}/v2/patient/${encodeURIComponent(id)}`, {
    method: 'PUT',
    query: { workflow: 'Online_Booking_Web' },
    body,
  });

export const createCoverage = (body: CoverageInput) =>
  apiRequest<Envelope<Coverage>>(`${ADMIN}/v2/web/patient-coverage`, {
    method: 'POST',
    query: { workflow: 'Online_Booking_Web' },
    body,
  }).then((a) => a.data);

export const updateCoverage = (id: string, body: CoverageInput) =>
  apiRequest<Envelope<Coverage>>(`${ADMIN}/v2/web/patient-coverage/${encodeURIComponent(id)}`, {
    method: 'PUT',
    query: { workflow: 'Online_Booking_Web' },
    body,
  }).then((a) => a.data);

export const uploadCardPicture = (coverageId: string, side: 'Front' | 'Back', upload: FileUpload) =>
  apiRequest<Envelope<Coverage>>(
    `${ADMIN}/v2/PatientCoverage/${encodeURIComponent(coverageId)}/card-pictures`,
    {
      method: 'POST',
      query: { side, auditTrail: 'Online_Booking_Web' },
      body: upload,
    },
  ).then((a) => a.data);

export const generateOtp = (body: { PhoneNumber: string; Region: 'US' | 'PK'; PatientId?: string }) =>
  apiRequest<Envelope<OtpRequest>>(`${NOTIFY}/otp-request/generate`, {
    method: 'POST',
    query: { validFor: 0 },
    body,
  }).then((a) => a.data);

export const verifyOtp = (id: string, otp: string) =>
  apiRequest<Envelope<OtpRequest>>(`${NOTIFY}/otp-request/${encodeURIComponent(id)}/verify`, {
    method: 'POST',
    query: { otp },
  }).then((a) => a.data);

export const resendOtp = (id: string) =>
  apiRequest<Envelope<OtpRequest>>(`${NOTIFY}/otp-request/resend`, {
    method: 'POST',
    query: { validFor: 0 },
    body: { Id: id },
  }).then((a) => a.data);

/**
 * The visit-payment configuration of 5.3 for this booking's practice, facility and provider, fetched only
 * when signed in. Each part that cannot be read counts as not configured.
 */
export function useVisitPaymentConfig(
  ids: { organizationId: string | null; locationId: string | null; providerId: string | null } | null,
) {
  return useQuery({
    queryKey: ['visit-payment-config', ids],
    enabled: !!ids?.organizationId,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      const { organizationId, locationId, providerId } = ids!;
      const soft = <T>(p: Promise<Envelope<T>>) => p.then((a) => a.data).catch(() => null);
      const [organization, location, entity] = await Promise.all([
        soft(
          apiRequest<Envelope<OrganizationPaymentConfig>>(`${PAY}/organizations/get-by-organization`, {
            query: { organizationId },
            signal,
          }),
        ),
        locationId
          ? soft(
              apiRequest<Envelope<LocationPaymentConfig>>(`${PAY}/locations/get-by-location`, {
                query: { organizationId, locationId },
                signal,
              }),
            )
          : null,
        providerId
          ? soft(
              apiRequest<
                Envelope<{
                  VisitFeeDetails?: { Enable?: boolean; InsuredAmount?: number; UninsuredAmount?: number };
                }>
              >(`${PAY}/entityconfigurations/entity`, {
                query: { organizationId, entityType: 'provider', entityId: providerId },
                signal,
              }),
            )
          : null,
      ]);
      return {
        OrganizationPaymentConfig: organization,
        LocationPaymentConfig: location,
        UserPaymentConfig: entity,
      };
    },
  });
}
