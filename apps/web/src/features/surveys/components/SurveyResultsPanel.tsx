import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  Loader,
  Pagination,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconDownload, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  SURVEY_RESULTS_PAGE_SIZE,
  type Survey,
  type SurveyComment,
  type SurveyQuestionResult,
  type SurveyResults,
} from '@careslot/contracts';
import { downloadFile, useDateRange } from '../../../shared/ui/DateRangeReport';
import { allComments, useSurveyResults, type ResultsFilter } from '../api/surveyResults';

/** A cell of the CSV file: quoted, and never read as a formula by a spreadsheet. */
const csvCell = (value: string | number) => {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

/**
 * One survey's results (issue 26; decision 0114): the responses in a date range, each question's answers as a
 * table (the bars only repeat the table's shares), the free-text answers a page at a time, and a CSV file.
 */
export function SurveyResultsPanel({ survey, onClose }: { survey: Survey; onClose: () => void }) {
  const { t, i18n } = useTranslation('surveys');
  const range = useDateRange(t('results.errors.range'));
  const [filter, setFilter] = useState<ResultsFilter>({ From: range.from, To: range.to });
  const [page, setPage] = useState(1);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const results = useSurveyResults(survey.Id, filter, page);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from a survey's Results button: the keyboard and the screen reader start at its heading.
  useEffect(() => heading.current?.focus(), []);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const questionText = new Map(survey.Questions.map((q) => [q.Id, q.Text]));

  const answerLabel = (question: SurveyQuestionResult, value: string) =>
    question.Type === 'rating'
      ? t('results.stars', { count: Number(value) })
      : question.Type === 'yes-no'
        ? t(`results.${value === 'yes' ? 'yes' : 'no'}`)
        : value;

  const find = (event: FormEvent) => {
    event.preventDefault();
    if (!range.valid) return;
    setPage(1);
    setFilter({ From: range.from, To: range.to });
  };

  const download = async (data: SurveyResults) => {
    setFileError(null);
    setBusy(true);
    try {
      const comments: SurveyComment[] = await allComments(survey.Id, filter);
      const lines = [
        [t('results.csv.question'), t('results.csv.answer'), t('results.csv.count')],
        ...data.Questions.flatMap((q) =>
          q.Answers.map((a) => [q.Text, answerLabel(q, a.Value), a.Count] as (string | number)[]),
        ),
        [],
        [t('results.csv.question'), t('results.csv.comment'), t('results.csv.submitted')],
        ...comments.map((c) => [questionText.get(c.QuestionId) ?? c.QuestionId, c.Text, c.SubmittedOn]),
      ];
      const csv = `\uFEFF${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      downloadFile(url, `survey-results-${filter.From}-${filter.To}.csv`);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      setFileError(error instanceof Error ? error.message : t('results.errors.file'));
    } finally {
      setBusy(false);
    }
  };

  const data = results.data;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="survey-results-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Title order={2} fz="h3" id="survey-results-title" ref={heading} tabIndex={-1}>
            {t('results.heading', { name: survey.Name })}
          </Title>
          <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onClose}>
            {t('results.back')}
          </Button>
        </Group>
        <form onSubmit={find} noValidate aria-label={t('results.filters')}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              type="date"
              label={t('results.from')}
              required
              value={range.from}
              onChange={(e) => range.setFrom(e.currentTarget.value)}
              error={!range.from ? t('results.errors.required') : undefined}
            />
            <TextInput
              type="date"
              label={t('results.to')}
              required
              value={range.to}
              onChange={(e) => range.setTo(e.currentTarget.value)}
              error={!range.to ? t('results.errors.required') : (range.rangeError ?? undefined)}
            />
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
              {t('results.find')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={busy}
              disabled={!data}
              onClick={() => data && void download(data)}
            >
              {t('results.downloadCsv')}
            </Button>
          </Group>
        </form>
        {(fileError ?? results.error) && (
          <Alert color="red" role="alert">
            {fileError ?? results.error?.message}
          </Alert>
        )}
        {results.isPending ? (
          <Loader aria-label={t('results.loading')} />
        ) : data ? (
          <>
            <Text fw={600} role="status">
              {t('results.responses', { count: data.ResponseCount })}
            </Text>
            {data.Questions.map((question) => (
              <Stack key={question.Id} gap={4}>
                {question.Type === 'text' ? (
                  <Text>
                    <Text span fw={600}>
                      {question.Text}
                    </Text>{' '}
                    {t('results.textAnswers', { count: question.Answered })}
                  </Text>
                ) : (
                  <Table.ScrollContainer minWidth={360}>
                    <Table striped captionSide="top">
                      <Table.Caption style={{ textAlign: 'start', fontWeight: 600, color: 'inherit' }}>
                        {question.Text}
                        {question.Average !== null
                          ? ` · ${t('results.average', { average: question.Average })}`
                          : ''}
                      </Table.Caption>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th scope="col">{t('results.answer')}</Table.Th>
                          <Table.Th scope="col">{t('results.count')}</Table.Th>
                          <Table.Th scope="col">{t('results.share')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {question.Answers.map((answer) => {
                          const share = question.Answered
                            ? Math.round((answer.Count / question.Answered) * 100)
                            : 0;
                          return (
                            <Table.Tr key={answer.Value}>
                              <Table.Th scope="row" fw={500}>
                                {answerLabel(question, answer.Value)}
                              </Table.Th>
                              <Table.Td>{answer.Count}</Table.Td>
                              <Table.Td>
                                <Group gap="xs" wrap="nowrap">
                                  <Text size="sm" w={44}>{`${share}%`}</Text>
                                  <Progress value={share} w={120} aria-hidden />
                                </Group>
                              </Table.Td>
                            </Table.Tr>
                          );
                        })}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
              </Stack>
            ))}
            <Stack gap="xs" component="section" aria-labelledby="survey-comments-title">
              <Title order={3} fz="h4" id="survey-comments-title">
                {t('results.comments', { count: data.Comments.Total })}
              </Title>
              {data.Comments.Total === 0 ? (
                <Text c="dimmed">{t('results.noComments')}</Text>
              ) : (
                <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
                  {data.Comments.Data.map((comment, index) => (
                    <Paper
                      key={`${comment.SubmittedOn}-${index}`}
                      component="li"
                      withBorder
                      radius="md"
                      p="sm"
                    >
                      <Text>{comment.Text}</Text>
                      <Text size="sm" c="dimmed">
                        {`${questionText.get(comment.QuestionId) ?? ''} · ${when.format(new Date(comment.SubmittedOn))}`}
                      </Text>
                    </Paper>
                  ))}
                </Stack>
              )}
              {data.Comments.Total > SURVEY_RESULTS_PAGE_SIZE && (
                <Pagination
                  total={Math.ceil(data.Comments.Total / SURVEY_RESULTS_PAGE_SIZE)}
                  value={page}
                  onChange={setPage}
                  getControlProps={(control) => ({ 'aria-label': t(`results.pages.${control}`) })}
                />
              )}
            </Stack>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
