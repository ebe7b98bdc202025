import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHECKIN_TOKEN_HEADER,
  type CheckInDemographics,
  type CheckInFormAnswerInput,
  type CheckInInsurance,
  type CheckInSession,
  type StoredFileRef,
} from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

/**
 * The patient's check-in calls (decision 0094): the link's token goes in a header, never in an API address,
 * and nothing is kept once the page is left (gcTime 0). No sign-in: the token stands for the visit's patient.
 */
const CHECKIN = '/careslot-checkin-service/api/v1';
const KEY = 'checkin-session';

const call = <T>(token: string, path: string, options: Parameters<typeof apiRequest>[1] = {}) =>
  apiRequest<{ data: T }>(`${CHECKIN}${path}`, {
    ...options,
    token: '',
    headers: { [CHECKIN_TOKEN_HEADER]: token },
  }).then((a) => a.data);

export function useCheckInSession(token: string) {
  return useQuery({
    queryKey: [KEY, token],
    queryFn: ({ signal }) => call<CheckInSession>(token, '/digitalcheckin/session', { signal }),
    gcTime: 0,
    retry: false,
  });
}

function useRefresh(token: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [KEY, token] });
}

export function useAnswerForm(token: string, appointmentId: string) {
  const refresh = useRefresh(token);
  return useMutation({
    mutationFn: (body: CheckInFormAnswerInput) =>
      call(token, `/digitalcheckin/patient/custom-form-response/${appointmentId}`, { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useConfirmDetails(token: string, appointmentId: string) {
  const refresh = useRefresh(token);
  return useMutation({
    mutationFn: (Demographics: CheckInDemographics) =>
      call(token, '/patientcheckIn/workflow-status', {
        method: 'POST',
        body: { AppointmentId: appointmentId, Step: 'Demographics', Demographics },
      }),
    onSuccess: refresh,
  });
}

export function useSaveInsurance(token: string, appointmentId: string) {
  const refresh = useRefresh(token);
  return useMutation({
    mutationFn: ({ IsPolicyHolder, ...body }: CheckInInsurance) =>
      call(token, `/digitalcheckin/patient/insurance/${appointmentId}`, {
        method: 'PUT',
        query: { isPolicyHolder: IsPolicyHolder },
        body,
      }),
    onSuccess: refresh,
  });
}

export function useUploadCard(token: string, appointmentId: string) {
  return useMutation({
    mutationFn: (body: { Side: 'front' | 'back'; Name: string; ContentType: string; Data: string }) =>
      call<StoredFileRef>(token, `/digitalcheckin/patient/insurance/${appointmentId}/card-pictures`, {
        method: 'POST',
        body,
      }),
  });
}

export function useCheckIn(token: string, appointmentId: string) {
  const refresh = useRefresh(token);
  return useMutation({
    mutationFn: () =>
      call<{ Status: string }>(token, '/patientcheckIn/workflow-status', {
        method: 'POST',
        body: { AppointmentId: appointmentId, Step: 'CheckedIn' },
      }),
    onSuccess: refresh,
  });
}
