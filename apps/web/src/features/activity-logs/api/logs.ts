import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFile, apiRequest } from '../../../shared/api/client';

/** The practice's activity log and session log (practice-portal.md §3.9, §7 Logging; issue 28). */
export type LogKind = 'activities' | 'sessions';
export type LogFile = 'csv' | 'xlsx';

const LOGGING = '/careslot-logging/api/v1';
const PATHS: Record<LogKind, string> = {
  activities: `${LOGGING}/UserActivities`,
  sessions: `${LOGGING}/UserSessions`,
};
export const LOG_PAGE_SIZE = 25;
/** The actions each log can be filtered by (the server's codes). */
export const LOG_ACTIONS: Record<LogKind, readonly string[]> = {
  activities: ['read', 'create', 'update', 'delete', 'search'],
  sessions: ['login', 'logout'],
};

export interface LogFilter {
  OrganizationId: string;
  From: string;
  To: string;
  UserId?: string;
  Action?: string;
}

export interface LogRow {
  ActionTime: string;
  UserId: string | null;
  UserName: string | null;
  UserType: string;
  Action: string;
  Entity: string | null;
  UserWorkflow: string | null;
  Outcome: string;
  ClientIp: string | null;
  Browser: string | null;
  DeviceOs: string | null;
}

export interface LogUser {
  UserId: string;
  UserName: string;
}

export const useLog = (kind: LogKind, filter: LogFilter | null, page: number) =>
  useQuery({
    queryKey: ['activity-log', kind, filter, page],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: { Data: LogRow[]; Total: number; Users: LogUser[] } }>(
          `${PATHS[kind]}/find`,
          { method: 'POST', body: { ...filter, PageNumber: page, PageSize: LOG_PAGE_SIZE }, signal },
        )
      ).data,
    placeholderData: keepPreviousData,
    enabled: filter !== null,
  });

/** The whole range as a file (CSV or XLSX). */
export const logFile = (kind: LogKind, filter: LogFilter, file: LogFile) =>
  apiFile(`${PATHS[kind]}/download`, { method: 'POST', body: { ...filter, Format: file } });
