import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Container,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload, IconPrinter, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session';
import { ReportTabs } from '../../../shared/navigation/ReportTabs';
import {
  MESSAGE_LOGS_PAGE_SIZE,
  messageLogsFile,
  useMessageLogs,
  type MessageLogFilter,
} from '../api/messageLogs';

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * /practice-admin/reports/message-logs (practice-portal.md §2.2 Reports): the SMS the practice sent in a date
 * range, found, downloaded (CSV) and printed. The numbers are masked by the server; reading is audited there.
 */
export function MessageLogsPage() {
  const { t, i18n } = useTranslation('messageLogs');
  const organizationId = useSession().user?.organizationId ?? null;
  const today = new Date();
  const [from, setFrom] = useState(day(new Date(today.getTime() - 30 * 86_400_000)));
  const [to, setTo] = useState(day(today));
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<MessageLogFilter | null>(
    organizationId ? { OrganizationId: organizationId, From: from, To: to } : null,
  );
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<'download' | 'print' | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const logs = useMessageLogs(filter, page);
  const rangeError = from && to && from > to ? t('errors.range') : null;

  if (!organizationId)
    return (
      <Container size="lg" py="lg">
        <Alert color="yellow" role="alert">
          {t('noPractice')}
        </Alert>
      </Container>
    );

  const find = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to || rangeError) return;
    setPage(1);
    setFilter({
      OrganizationId: organizationId,
      From: from,
      To: to,
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
        const link = document.createElement('a');
        link.href = url;
        link.download = `sms-logs-${filter.From}-${filter.To}.csv`;
        document.body.append(link);
        link.click();
        link.remove();
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

  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(iso));
  const total = logs.data?.Total ?? 0;

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <ReportTabs />
        <Title order={1} fz="h2">
          {t('title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('lead')}
        </Text>
        <Paper
          withBorder
          radius="lg"
          p="md"
          component="form"
          onSubmit={find}
          noValidate
          aria-label={t('filters')}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              type="date"
              label={t('from')}
              required
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
              error={!from ? t('errors.required') : undefined}
            />
            <TextInput
              type="date"
              label={t('to')}
              required
              value={to}
              onChange={(e) => setTo(e.currentTarget.value)}
              error={!to ? t('errors.required') : (rangeError ?? undefined)}
            />
            <TextInput
              label={t('search')}
              description={t('searchHint')}
              maxLength={50}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
              {t('find')}
            </Button>
          </Group>
        </Paper>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={busy === 'download'}
            disabled={!filter}
            onClick={() => void file('download')}
          >
            {t('download')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            loading={busy === 'print'}
            disabled={!filter}
            onClick={() => void file('print')}
          >
            {t('print')}
          </Button>
        </Group>
        {(logs.error || fileError) && (
          <Alert color="red" role="alert">
            {fileError ?? logs.error?.message}
          </Alert>
        )}
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="message-logs-results">
          <Title order={2} fz="h4" id="message-logs-results">
            {t('results', { count: total })}
          </Title>
          {logs.isLoading ? (
            <Loader aria-label={t('loading')} />
          ) : total === 0 ? (
            <Text mt="sm">{t('empty')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={520}>
              <Table striped mt="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('columns.sentAt')}</Table.Th>
                    <Table.Th scope="col">{t('columns.recipient')}</Table.Th>
                    <Table.Th scope="col">{t('columns.workflowKey')}</Table.Th>
                    <Table.Th scope="col">{t('columns.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {logs.data?.Data.map((row) => (
                    <Table.Tr key={row.Id} data-testid="sms-log-row">
                      <Table.Td>{when(row.SentAt)}</Table.Td>
                      <Table.Td>{row.Recipient}</Table.Td>
                      <Table.Td>{t(`keys.${row.WorkflowKey}`, { defaultValue: row.WorkflowKey })}</Table.Td>
                      <Table.Td>{t(`statuses.${row.Status}`, { defaultValue: row.Status })}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {total > MESSAGE_LOGS_PAGE_SIZE && (
            <Pagination
              mt="sm"
              total={Math.ceil(total / MESSAGE_LOGS_PAGE_SIZE)}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': t(`pages.${control}`) })}
            />
          )}
        </Paper>
      </Stack>
    </Container>
  );
}
