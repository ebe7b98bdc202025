import { useState } from 'react';
import { Alert, Container, NativeSelect, Table } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session';
import { DateRangeReport, downloadFile, reportTime, useDateRange } from '../../../shared/ui/DateRangeReport';
import {
  LOG_ACTIONS,
  LOG_PAGE_SIZE,
  logFile,
  useLog,
  type LogFile,
  type LogFilter,
  type LogKind,
} from '../api/logs';

/**
 * /practice-admin/reports/activity-log and /practice-admin/reports/session-log (practice-portal.md §3.9, §7
 * Logging; issue 28): what the practice's users did and when they signed in or out, when and from where
 * (address, browser, system), filtered by user, action and date range, paged and downloaded. The server keeps
 * patient data out of both and logs each read.
 */
export function LogPage({ kind }: { kind: LogKind }) {
  const { t, i18n } = useTranslation('reports');
  const organizationId = useSession().user?.organizationId ?? null;
  const range = useDateRange(t('errors.range'));
  const [userId, setUserId] = useState('');
  const [action, setAction] = useState('');
  const [filter, setFilter] = useState<LogFilter | null>(
    organizationId ? { OrganizationId: organizationId, From: range.from, To: range.to } : null,
  );
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<LogFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const log = useLog(kind, filter, page);
  // The practice's users come with every page (whatever the filter), so the choice stays while one is chosen.
  const users = log.data?.Users.map((u) => ({ value: u.UserId, label: u.UserName })) ?? [];

  if (!organizationId)
    return (
      <Container size="lg" py="lg">
        <Alert color="yellow" role="alert">
          {t('noPractice')}
        </Alert>
      </Container>
    );

  const find = () => {
    setPage(1);
    setFilter({
      OrganizationId: organizationId,
      From: range.from,
      To: range.to,
      ...(userId ? { UserId: userId } : {}),
      ...(action ? { Action: action } : {}),
    });
  };

  const file = async (type: LogFile) => {
    if (!filter) return;
    setFileError(null);
    setBusy(type);
    try {
      const url = URL.createObjectURL(await logFile(kind, filter, type));
      downloadFile(url, `${kind}-${filter.From}-${filter.To}.${type}`);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      setFileError(error instanceof Error ? error.message : t('errors.file'));
    } finally {
      setBusy(null);
    }
  };

  const when = (iso: string) => reportTime(i18n.resolvedLanguage, iso);
  const total = log.data?.Total ?? 0;
  const activities = kind === 'activities';

  return (
    <DateRangeReport
      title={t(`logs.${kind}.title`)}
      lead={t(`logs.${kind}.lead`)}
      t={t}
      results={t('logs.results', { count: total })}
      empty={t(`logs.${kind}.empty`)}
      range={range}
      onFind={find}
      filters={
        <>
          <NativeSelect
            label={t('logs.user')}
            value={userId}
            onChange={(e) => setUserId(e.currentTarget.value)}
            data={[{ value: '', label: t('logs.anyUser') }, ...users]}
          />
          <NativeSelect
            label={t('logs.action')}
            value={action}
            onChange={(e) => setAction(e.currentTarget.value)}
            data={[
              { value: '', label: t('logs.anyAction') },
              ...LOG_ACTIONS[kind].map((code) => ({ value: code, label: t(`logs.actions.${code}`) })),
            ]}
          />
        </>
      }
      actions={[
        {
          key: 'csv',
          label: t('downloadCsv'),
          icon: <IconDownload size={16} aria-hidden />,
          loading: busy === 'csv',
          onClick: () => void file('csv'),
        },
        {
          key: 'xlsx',
          label: t('downloadXlsx'),
          icon: <IconFileSpreadsheet size={16} aria-hidden />,
          loading: busy === 'xlsx',
          onClick: () => void file('xlsx'),
        },
      ]}
      actionsDisabled={!filter}
      error={fileError ?? log.error?.message ?? null}
      resultsId={`log-${kind}-results`}
      loading={log.isLoading}
      total={total}
      pageSize={LOG_PAGE_SIZE}
      page={page}
      onPage={setPage}
      columns={
        <>
          <Table.Th scope="col">{t('logs.columns.time')}</Table.Th>
          <Table.Th scope="col">{t('logs.columns.user')}</Table.Th>
          <Table.Th scope="col">{t('logs.columns.action')}</Table.Th>
          {activities && <Table.Th scope="col">{t('logs.columns.object')}</Table.Th>}
          <Table.Th scope="col">{t('logs.columns.outcome')}</Table.Th>
          <Table.Th scope="col">{t('logs.columns.address')}</Table.Th>
          <Table.Th scope="col">{t('logs.columns.device')}</Table.Th>
        </>
      }
      rows={log.data?.Data.map((row, index) => (
        <Table.Tr key={`${row.ActionTime}-${index}`} data-testid="log-row">
          <Table.Td>{when(row.ActionTime)}</Table.Td>
          <Table.Td>{row.UserName ?? row.UserId ?? t('logs.unknownUser')}</Table.Td>
          <Table.Td>{t(`logs.actions.${row.Action}`, { defaultValue: row.Action })}</Table.Td>
          {activities && <Table.Td>{row.UserWorkflow ?? row.Entity ?? ''}</Table.Td>}
          <Table.Td>{t(`logs.outcomes.${row.Outcome}`, { defaultValue: row.Outcome })}</Table.Td>
          <Table.Td>{row.ClientIp ?? ''}</Table.Td>
          <Table.Td>{[row.Browser, row.DeviceOs].filter(Boolean).join(' · ')}</Table.Td>
        </Table.Tr>
      ))}
    />
  );
}

export const ActivityLogPage = () => <LogPage kind="activities" />;
export const SessionLogPage = () => <LogPage kind="sessions" />;
