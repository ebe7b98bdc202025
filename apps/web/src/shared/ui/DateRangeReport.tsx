import { useState, type FormEvent, type ReactNode } from 'react';
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
import { IconSearch } from '@tabler/icons-react';
import { ReportTabs } from '../navigation/ReportTabs';

const day = (date: Date) => date.toISOString().slice(0, 10);

/** A report's date range: the last 30 days until changed; `rangeError` when From is after To. */
export function useDateRange(rangeMessage: string) {
  const [today] = useState(() => new Date());
  const [from, setFrom] = useState(day(new Date(today.getTime() - 30 * 86_400_000)));
  const [to, setTo] = useState(day(today));
  const rangeError = from && to && from > to ? rangeMessage : null;
  return { from, setFrom, to, setTo, rangeError, valid: !!from && !!to && !rangeError };
}

export type DateRange = ReturnType<typeof useDateRange>;

/** Saves the file behind an object URL under this name, as a download link pressed once. */
export function downloadFile(url: string, name: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
}

/** A report row's instant, as a medium date and a short time in the reader's language. */
export const reportTime = (language: string | undefined, iso: string) =>
  new Intl.DateTimeFormat(language ?? 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

/** A file the report gives: its button's label and icon, whether it is being made, and what its press does. */
export interface ReportAction {
  key: string;
  label: string;
  icon: ReactNode;
  loading: boolean;
  onClick: () => void;
}

/**
 * The layout the practice's reports share (practice-portal.md §2.2 and §2.13): the report tabs, a title and
 * lead, the date-range form (with any further filters), the file buttons, the error, and the results section
 * with its table and pages. It holds no text: every label comes from the calling feature's namespace (`t`).
 */
export function DateRangeReport(props: {
  title: string;
  lead: string;
  /**
   * The calling feature's translation: its namespace has the same keys for the shared parts (filters, from,
   * to, find, loading, errors.required, pages.*).
   */
  t: (key: string) => string;
  /** The results heading (with its count) and the text when there are none. */
  results: string;
  empty: string;
  range: DateRange;
  /** The form was sent with a valid range: the caller sets its filter and goes back to page 1. */
  onFind: () => void;
  /** Fields between the range and the Find button. */
  filters?: ReactNode;
  actions: ReportAction[];
  /** No report was asked for yet: the file buttons are off. */
  actionsDisabled: boolean;
  error: string | null;
  resultsId: string;
  loading: boolean;
  total: number;
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
  columns: ReactNode;
  rows: ReactNode;
}) {
  const { t, range } = props;
  const labels = {
    filters: t('filters'),
    from: t('from'),
    to: t('to'),
    required: t('errors.required'),
    find: t('find'),
    loading: t('loading'),
  };
  const find = (event: FormEvent) => {
    event.preventDefault();
    if (range.valid) props.onFind();
  };

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <ReportTabs />
        <Title order={1} fz="h2">
          {props.title}
        </Title>
        <Text c="dimmed" size="sm">
          {props.lead}
        </Text>
        <Paper
          withBorder
          radius="lg"
          p="md"
          component="form"
          onSubmit={find}
          noValidate
          aria-label={labels.filters}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              type="date"
              label={labels.from}
              required
              value={range.from}
              onChange={(e) => range.setFrom(e.currentTarget.value)}
              error={!range.from ? labels.required : undefined}
            />
            <TextInput
              type="date"
              label={labels.to}
              required
              value={range.to}
              onChange={(e) => range.setTo(e.currentTarget.value)}
              error={!range.to ? labels.required : (range.rangeError ?? undefined)}
            />
            {props.filters}
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
              {labels.find}
            </Button>
          </Group>
        </Paper>
        <Group gap="sm" wrap="wrap">
          {props.actions.map((action) => (
            <Button
              key={action.key}
              variant="default"
              leftSection={action.icon}
              loading={action.loading}
              disabled={props.actionsDisabled}
              onClick={action.onClick}
            >
              {action.label}
            </Button>
          ))}
        </Group>
        {props.error && (
          <Alert color="red" role="alert">
            {props.error}
          </Alert>
        )}
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={props.resultsId}>
          <Title order={2} fz="h4" id={props.resultsId}>
            {props.results}
          </Title>
          {props.loading ? (
            <Loader aria-label={labels.loading} />
          ) : props.total === 0 ? (
            <Text mt="sm">{props.empty}</Text>
          ) : (
            <Table.ScrollContainer minWidth={520}>
              <Table striped mt="sm">
                <Table.Thead>
                  <Table.Tr>{props.columns}</Table.Tr>
                </Table.Thead>
                <Table.Tbody>{props.rows}</Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {props.total > props.pageSize && (
            <Pagination
              mt="sm"
              total={Math.ceil(props.total / props.pageSize)}
              value={props.page}
              onChange={props.onPage}
              getControlProps={(control) => ({ 'aria-label': t(`pages.${control}`) })}
            />
          )}
        </Paper>
      </Stack>
    </Container>
  );
}
