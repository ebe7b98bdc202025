import { useState, type ReactNode } from 'react';
import { Alert, Container, Table } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session';
import { DateRangeReport, downloadFile, reportTime, useDateRange } from '../../../shared/ui/DateRangeReport';
import {
  REPORT_PAGE_SIZE,
  reportFile,
  useReport,
  type ReportFile,
  type ReportFilter,
  type ReportKind,
} from '../api/reports';

const EXTENSIONS: Record<ReportFile, string> = { csv: 'csv', xlsx: 'xlsx', pdf: 'pdf' };

/**
 * /practice-admin/reports/checked-in and /practice-admin/reports/confirmations (practice-portal.md §2.13): a
 * report of the practice's visits in a date range, found page by page, downloaded (CSV or XLSX) and printed
 * (a PDF laid out for paper). The server reads its read model and logs each action.
 */
export function ReportPage({ kind }: { kind: ReportKind }) {
  const { t, i18n } = useTranslation('reports');
  const organizationId = useSession().user?.organizationId ?? null;
  const range = useDateRange(t('errors.range'));
  const [filter, setFilter] = useState<ReportFilter | null>(
    organizationId ? { OrganizationId: organizationId, From: range.from, To: range.to } : null,
  );
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<ReportFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const report = useReport(kind, filter, page);
  const prefix = kind === 'checked-in' ? 'checkedIn' : 'confirmations';

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
    setFilter({ OrganizationId: organizationId, From: range.from, To: range.to });
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
      else downloadFile(url, `${kind}-${filter.From}-${filter.To}.${EXTENSIONS[type]}`);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      printWindow?.close();
      setFileError(error instanceof Error ? error.message : t('errors.file'));
    } finally {
      setBusy(null);
    }
  };

  const when = (iso: string) => reportTime(i18n.resolvedLanguage, iso);
  const total = report.data?.Total ?? 0;
  const action = (type: ReportFile, label: string, icon: ReactNode) => ({
    key: type,
    label,
    icon,
    loading: busy === type,
    onClick: () => void file(type),
  });

  return (
    <DateRangeReport
      title={t(`${prefix}.title`)}
      lead={t(`${prefix}.lead`)}
      t={t}
      results={t('results', { count: total })}
      empty={t(`${prefix}.empty`)}
      range={range}
      onFind={find}
      actions={[
        action('csv', t('downloadCsv'), <IconDownload size={16} aria-hidden />),
        action('xlsx', t('downloadXlsx'), <IconFileSpreadsheet size={16} aria-hidden />),
        action('pdf', t('print'), <IconPrinter size={16} aria-hidden />),
      ]}
      actionsDisabled={!filter}
      error={fileError ?? report.error?.message ?? null}
      resultsId={`report-${kind}-results`}
      loading={report.isLoading}
      total={total}
      pageSize={REPORT_PAGE_SIZE}
      page={page}
      onPage={setPage}
      columns={
        <>
          <Table.Th scope="col">{t('columns.patient')}</Table.Th>
          <Table.Th scope="col">{t('columns.visit')}</Table.Th>
          <Table.Th scope="col">{t(`${prefix}.at`)}</Table.Th>
          {kind === 'confirmations' && <Table.Th scope="col">{t('columns.confirmedBy')}</Table.Th>}
        </>
      }
      rows={report.data?.Data.map((row) => (
        <Table.Tr key={row.AppointmentId} data-testid="report-row">
          <Table.Td>{row.PatientName ?? t('unknownPatient')}</Table.Td>
          <Table.Td>{when(row.StartTime)}</Table.Td>
          <Table.Td>{when(row.CheckedInAt ?? row.ConfirmedAt ?? row.StartTime)}</Table.Td>
          {kind === 'confirmations' && (
            <Table.Td>{t(`confirmedBy.${row.ConfirmedBy ?? 'Patient'}`)}</Table.Td>
          )}
        </Table.Tr>
      ))}
    />
  );
}

export const CheckedInReportPage = () => <ReportPage kind="checked-in" />;
export const ConfirmationsReportPage = () => <ReportPage kind="confirmations" />;
