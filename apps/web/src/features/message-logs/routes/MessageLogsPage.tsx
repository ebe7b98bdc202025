import { useState } from 'react';
import { Alert, Container, Table, TextInput } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session';
import { DateRangeReport, downloadFile, reportTime, useDateRange } from '../../../shared/ui/DateRangeReport';
import {
  MESSAGE_LOGS_PAGE_SIZE,
  messageLogsFile,
  useMessageLogs,
  type MessageLogFilter,
} from '../api/messageLogs';

/**
 * /practice-admin/reports/message-logs (practice-portal.md §2.2 Reports): the SMS the practice sent in a date
 * range, found, downloaded (CSV) and printed. The numbers are masked by the server; reading is audited there.
 */
export function MessageLogsPage() {
  const { t, i18n } = useTranslation('messageLogs');
  const organizationId = useSession().user?.organizationId ?? null;
  const range = useDateRange(t('errors.range'));
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<MessageLogFilter | null>(
    organizationId ? { OrganizationId: organizationId, From: range.from, To: range.to } : null,
  );
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<'download' | 'print' | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const logs = useMessageLogs(filter, page);

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
      ...(search.trim() ? { Search: search.trim() } : {}),
    });
  };

  const file = async (kind: 'download' | 'print') => {
    if (!filter) return;
    setFileError(null);
    // Opened on the press itself, so the browser lets the printable page open.
    const printWindow = kind === 'print' ? window.open('', '_blank') : null;
    setBusy(kind);
    try {
      const text = await messageLogsFile(filter, kind);
      const url = URL.createObjectURL(
        new Blob([text], {
          type: kind === 'download' ? 'text/csv;charset=utf-8' : 'text/html;charset=utf-8',
        }),
      );
      if (kind === 'download') {
        downloadFile(url, `sms-logs-${filter.From}-${filter.To}.csv`);
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      } else if (printWindow) {
        printWindow.location.href = url;
        printWindow.addEventListener('load', () => printWindow.print(), { once: true });
      }
    } catch (error) {
      printWindow?.close();
      setFileError(error instanceof Error ? error.message : t('errors.file'));
    } finally {
      setBusy(null);
    }
  };

  const when = (iso: string) => reportTime(i18n.resolvedLanguage, iso);
  const total = logs.data?.Total ?? 0;

  return (
    <DateRangeReport
      title={t('title')}
      lead={t('lead')}
      t={t}
      results={t('results', { count: total })}
      empty={t('empty')}
      range={range}
      onFind={find}
      filters={
        <TextInput
          label={t('search')}
          description={t('searchHint')}
          maxLength={50}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
      }
      actions={[
        {
          key: 'download',
          label: t('download'),
          icon: <IconDownload size={16} aria-hidden />,
          loading: busy === 'download',
          onClick: () => void file('download'),
        },
        {
          key: 'print',
          label: t('print'),
          icon: <IconPrinter size={16} aria-hidden />,
          loading: busy === 'print',
          onClick: () => void file('print'),
        },
      ]}
      actionsDisabled={!filter}
      error={fileError ?? logs.error?.message ?? null}
      resultsId="message-logs-results"
      loading={logs.isLoading}
      total={total}
      pageSize={MESSAGE_LOGS_PAGE_SIZE}
      page={page}
      onPage={setPage}
      columns={
        <>
          <Table.Th scope="col">{t('columns.sentAt')}</Table.Th>
          <Table.Th scope="col">{t('columns.recipient')}</Table.Th>
          <Table.Th scope="col">{t('columns.workflowKey')}</Table.Th>
          <Table.Th scope="col">{t('columns.status')}</Table.Th>
        </>
      }
      rows={logs.data?.Data.map((row) => (
        <Table.Tr key={row.Id} data-testid="sms-log-row">
          <Table.Td>{when(row.SentAt)}</Table.Td>
          <Table.Td>{row.Recipient}</Table.Td>
          <Table.Td>{t(`keys.${row.WorkflowKey}`, { defaultValue: row.WorkflowKey })}</Table.Td>
          <Table.Td>{t(`statuses.${row.Status}`, { defaultValue: row.Status })}</Table.Td>
        </Table.Tr>
      ))}
    />
  );
}
