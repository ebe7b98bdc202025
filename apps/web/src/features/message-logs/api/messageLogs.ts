import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SmsLogRow } from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

const REPORT = '/careslot-notification/api/v1/smslogsreport';
export const MESSAGE_LOGS_PAGE_SIZE = 25;

export interface MessageLogFilter {
  OrganizationId: string;
  From: string;
  To: string;
  Search?: string;
}

/** POST smslogsreport: one page of the SMS the practice sent (the numbers masked), newest first. */
export const messageLogsQuery = (filter: MessageLogFilter, page: number) =>
  queryOptions({
    queryKey: ['sms-logs', filter, page],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: { Data: SmsLogRow[]; Total: number } }>(REPORT, {
          method: 'POST',
          body: { ...filter, PageNumber: page, PageSize: MESSAGE_LOGS_PAGE_SIZE },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });

export const useMessageLogs = (filter: MessageLogFilter | null, page: number) =>
  useQuery({
    ...messageLogsQuery(filter ?? { OrganizationId: '', From: '', To: '' }, page),
    enabled: filter !== null,
  });

/** POST smslogsreport/download (CSV) or /print (a printable page): the whole range, as text. */
export const messageLogsFile = (filter: MessageLogFilter, kind: 'download' | 'print') =>
  apiRequest<string>(`${REPORT}/${kind}`, {
    method: 'POST',
    body: filter,
    headers: { accept: kind === 'download' ? 'text/csv' : 'text/html' },
  });
