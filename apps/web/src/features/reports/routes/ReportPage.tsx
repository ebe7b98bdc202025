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
import { IconDownload, IconFileSpreadsheet, IconPrinter, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session';
import { ReportTabs } from '../../../shared/navigation/ReportTabs';
import {
  REPORT_PAGE_SIZE,
  reportFile,
  useReport,
  type ReportFile,
  type ReportFilter,
  type ReportKind,
} from '../api/reports';

const day = (date: Date) => date.toISOString().slice(0, 10);
const EXTENSIONS: Record<ReportFile, string> = { csv: 'csv', xlsx: 'xlsx', pdf: 'pdf' };

/**
 * /practice-admin/reports/checked-in and /practice-admin/reports/confirmations (practice-portal.md §2.13): a
 * report of the practice's visits in a date range, found page by page, downloaded (CSV or XLSX) and printed
 * (a PDF laid out for paper). The server reads its read model and logs each action.
 */
export function ReportPage({ kind }: { kind: ReportKind }) {
  const { t, i18n } = useTranslation('reports');
  const organizationId = useSession().user?.organizationId ?? null;
  const today = new Date();
  const [from, setFrom] = useState(day(new Date(today.getTime() - 30 * 86_400_000)));
  const [to, setTo] = useState(day(today));
  const [filter, setFilter] = useState<ReportFilter | null>(
    organizationId ? { OrganizationId: organizationId, From: from, To: to } : null,
  );
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<ReportFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const report = useReport(kind, filter, page);
  const rangeError = from && to && from > to ? t('errors.range') : null;
  const prefix = kind === 'checked-in' ? 'checkedIn' : 'confirmations';

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
    setFilter({ OrganizationId: organizationId, From: from, To: to });
  };

  const file = async (type: ReportFile) => {
    if (!filter) return;
    setFileError(null);
    // Opened on the press itself, so the browser lets the printable PDF open.
    const printWindow = type === 'pdf' ? window.open('', '_blank') : null;
    setBusy(type);
    try {
      const url = URL.createObjectURL(await reportFile(kind, filter, type));
      if (type === 'pdf' && printWindow) printWindow.location.href = url;
      else {
        const link = document.createElement('a');
        link.href = url;
        link.download = `${kind}-${filter.From}-${filter.To}.${EXTENSIONS[type]}`;
        document.body.append(link);
        link.click();
        link.remove();
      }
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
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
  const total = report.data?.Total ?? 0;
  const headingId = `report-${kind}-results`;

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <ReportTabs />
        <Title order={1} fz="h2">
          {t(`${prefix}.title`)}
        </Title>
        <Text c="dimmed" size="sm">
          {t(`${prefix}.lead`)}
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
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
              {t('find')}
            </Button>
          </Group>
        </Paper>
        <Group gap="sm" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={busy === 'csv'}
            disabled={!filter}
            onClick={() => void file('csv')}
          >
            {t('downloadCsv')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            loading={busy === 'xlsx'}
            disabled={!filter}
            onClick={() => void file('xlsx')}
          >
            {t('downloadXlsx')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            loading={busy === 'pdf'}
            disabled={!filter}
            onClick={() => void file('pdf')}
          >
            {t('print')}
          </Button>
        </Group>
        {(report.error || fileError) && (
          <Alert color="red" role="alert">
            {fileError ?? report.error?.message}
          </Alert>
        )}
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={headingId}>
          <Title order={2} fz="h4" id={headingId}>
            {t('results', { count: total })}
          </Title>
          {report.isLoading ? (
            <Loader aria-label={t('loading')} />
          ) : total === 0 ? (
            <Text mt="sm">{t(`${prefix}.empty`)}</Text>
          ) : (
            <Table.ScrollContainer minWidth={520}>
              <Table striped mt="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('columns.patient')}</Table.Th>
                    <Table.Th scope="col">{t('columns.visit')}</Table.Th>
                    <Table.Th scope="col">{t(`${prefix}.at`)}</Table.Th>
                    {kind === 'confirmations' && <Table.Th scope="col">{t('columns.confirmedBy')}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.data?.Data.map((row) => (
                    <Table.Tr key={row.AppointmentId} data-testid="report-row">
                      <Table.Td>{row.PatientName ?? t('unknownPatient')}</Table.Td>
                      <Table.Td>{when(row.StartTime)}</Table.Td>
                      <Table.Td>{when(row.CheckedInAt ?? row.ConfirmedAt ?? row.StartTime)}</Table.Td>
                      {kind === 'confirmations' && (
                        <Table.Td>{t(`confirmedBy.${row.ConfirmedBy ?? 'Patient'}`)}</Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {total > REPORT_PAGE_SIZE && (
            <Pagination
              mt="sm"
              total={Math.ceil(total / REPORT_PAGE_SIZE)}
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

export const CheckedInReportPage = () => <ReportPage kind="checked-in" />;
export const ConfirmationsReportPage = () => <ReportPage kind="confirmations" />;
