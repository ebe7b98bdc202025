import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckInStatus, CheckInSummaryRow } from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';
import { getSession } from '../../../shared/session/session';

const CHECKIN = '/careslot-checkin-service/api/v1';
/** Under the Check-In Summary's key: its live events (CustomFormResponseAdded, CheckInEnabled) refetch these too. */
const KEY = 'checkin-summary';

export interface DigitalStatus {
  AppointmentId: string;
  Status: CheckInStatus;
  CompletedOn: string | null;
  Sends: number;
}

/** POST patientcheckIn/statuses: the digital check-in state of the listed visits. */
export function useDigitalStatuses(appointmentIds: string[]) {
  return useQuery({
    queryKey: [KEY, 'digital', appointmentIds],
    queryFn: ({ signal }) =>
      apiRequest<{ Data: DigitalStatus[] }>(`${CHECKIN}/patientcheckIn/statuses`, {
        method: 'POST',
        body: { AppointmentIds: appointmentIds },
        signal,
      }).then((a) => a.Data),
    enabled: appointmentIds.length > 0,
  });
}

/** GET digitalcheckin/custom-form-response/{id}: one visit's check-in with the answers. */
export function useVisitCheckIn(appointmentId: string | null) {
  return useQuery({
    queryKey: [KEY, 'visit', appointmentId],
    queryFn: ({ signal }) =>
      apiRequest<{ data: CheckInSummaryRow }>(
        `${CHECKIN}/digitalcheckin/custom-form-response/${appointmentId}`,
        {
          signal,
        },
      ).then((a) => a.data),
    enabled: !!appointmentId,
    gcTime: 0,
  });
}

/** POST patientcheckIn/share/checkin-link: send or resend the link. */
export function useSendLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (AppointmentId: string) =>
      apiRequest(`${CHECKIN}/patientcheckIn/share/checkin-link`, { method: 'POST', body: { AppointmentId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [KEY, 'digital'] }),
  });
}

/** POST token/generate/qr-code: a fresh short link with its QR code (it replaces the last link). */
export function useQrLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (AppointmentId: string) =>
      apiRequest<{ data: { ShortUrl: string; QrSvg: string } }>(`${CHECKIN}/token/generate/qr-code`, {
        method: 'POST',
        body: { AppointmentId },
      }).then((a) => a.data),
    onSuccess: () => client.invalidateQueries({ queryKey: [KEY, 'digital'] }),
  });
}

/** Fetches a file of the check-in with the session's bearer token and hands it to the browser. */
export async function downloadWithSession(path: string, filename: string): Promise<void> {
  const token = getSession().accessToken;
  const response = await fetch(path, {
    headers: token ? { authorization: `bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) throw new Error(String(response.status));
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const consentPdfPath = (responseId: string) => `${CHECKIN}/digitalcheckin/consents/${responseId}/pdf`;
export const cardPicturePath = (appointmentId: string, side: 'front' | 'back') =>
  `${CHECKIN}/digitalcheckin/insurance/${appointmentId}/card-pictures/${side}`;
