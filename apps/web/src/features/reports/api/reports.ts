import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFile, apiRequest } from '../../../shared/api/client';

/** The practice's reports (practice-portal.md §2.13): checked-in appointments and appointment confirmations. */
export type ReportKind = 'checked-in' | 'confirmations';
export type ReportFile = 'csv' | 'xlsx' | 'pdf';

const REPORT = '/careslot-appointment-service/api/v2/AppointmentsReport';
const CONFIRMATIONS = '/careslot-notification/api/v1/AppointmentConfirmationLog';
export const REPORT_PAGE_SIZE = 25;

const PATHS: Record<ReportKind, Record<'find' | 'download' | 'print', string>> = {
  'checked-in': {
    find: `${REPORT}/find/checkedin-appointments`,
    download: `${REPORT}/download/checkedin-appointments`,
    print: `${REPORT}/print/checkedin-appointments`,
  },
  confirmations: {
    find: `${CONFIRMATIONS}/find`,
    download: `${CONFIRMATIONS}/download`,
    print: `${CONFIRMATIONS}/print`,
  },
};

export interface ReportFilter {
  OrganizationId: string;
  From: string;
  To: string;
}

export interface ReportRow {
  AppointmentId: string;
  PatientId: string;
  PatientName: string | null;
  StartTime: string;
  CheckedInAt?: string;
  ConfirmedAt?: string;
  ConfirmedBy?: 'Patient' | 'Practice';
}

export const useReport = (kind: ReportKind, filter: ReportFilter | null, page: number) =>
  useQuery({
    queryKey: ['report', kind, filter, page],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: { Data: ReportRow[]; Total: number } }>(PATHS[kind].find, {
          method: 'POST',
          body: { ...filter, PageNumber: page, PageSize: REPORT_PAGE_SIZE },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    enabled: filter !== null,
  });

/** The whole range as a file: download (CSV or XLSX) or print (PDF). */
export const reportFile = (kind: ReportKind, filter: ReportFilter, file: ReportFile) =>
  file === 'pdf'
    ? apiFile(PATHS[kind].print, { method: 'POST', body: filter })
    : apiFile(PATHS[kind].download, { method: 'POST', body: { ...filter, Format: file } });
