import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Container, Group, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { SurveyQuestion, SurveyQuestions } from '@careslot/contracts';
import { ApiError } from '../../../shared/api/client';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { readSurveyLink, useAnswerSurvey, useSurveyQuestions } from '../api/surveyLink';

type Value = number | boolean | string;

/** The answers to send: those given (blank text left out), in the survey's order. */
export function answersOf(questions: SurveyQuestion[], values: Record<string, Value | undefined>) {
  return questions.flatMap((q) => {
    const value = values[q.Id];
    if (value === undefined || (typeof value === 'string' && value.trim() === '') || value === 0) return [];
    return [{ QuestionId: q.Id, Value: typeof value === 'string' ? value.trim() : value }];
  });
}

function QuestionField({
  question,
  value,
  onChange,
  error,
}: {
  question: SurveyQuestion;
  value: Value | undefined;
  onChange: (value: Value) => void;
  error: string | null;
}) {
  const { t } = useTranslation('patientSurvey');
  const labelId = `question-${question.Id}`;
  const label = (
    // A required question's asterisk is the field's own (required).
    <Text component="span" fw={600} id={labelId}>
      {question.Text}
    </Text>
  );
  switch (question.Type) {
    case 'rating':
      // Five radios (1 to 5 stars): a keyboard and a screen reader use them as any choice.
      return (
        <Radio.Group
          label={label}
          value={typeof value === 'number' ? String(value) : ''}
          onChange={(v) => onChange(Number(v))}
          error={error}
          required={question.Required}
        >
          <Group gap="sm" mt={6}>
            {[1, 2, 3, 4, 5].map((n) => (
              <Radio
                key={n}
                value={String(n)}
                aria-label={t('stars', { count: n })}
                label={<span aria-hidden>{`${n} ★`}</span>}
              />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'yes-no':
      return (
        <Radio.Group
          label={label}
          value={value === undefined ? '' : value ? 'yes' : 'no'}
          onChange={(v) => onChange(v === 'yes')}
          error={error}
          required={question.Required}
        >
          <Group gap="lg" mt={6}>
            <Radio value="yes" label={t('yes')} />
            <Radio value="no" label={t('no')} />
          </Group>
        </Radio.Group>
      );
    case 'choice':
      return (
        <Radio.Group
          label={label}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
          error={error}
          required={question.Required}
        >
          <Stack gap={8} mt={6}>
            {question.Options.map((option) => (
              <Radio key={option} value={option} label={option} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'text':
      return (
        <Textarea
          label={label}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={2000}
          error={error}
          required={question.Required}
        />
      );
  }
}

function Questions({
  id,
  survey,
  link,
}: {
  id: string;
  survey: SurveyQuestions;
  link: ReturnType<typeof readSurveyLink>;
}) {
  const { t } = useTranslation('patientSurvey');
  const answer = useAnswerSurvey(id, link);
  const [values, setValues] = useState<Record<string, Value | undefined>>({});
  const [touched, setTouched] = useState(false);
  const missing = new Set(
    survey.Questions.filter((q) => q.Required && !answersOf([q], values).length).map((q) => q.Id),
  );

  if (
    survey.Answered ||
    answer.isSuccess ||
    (answer.error instanceof ApiError && answer.error.status === 409)
  )
    return (
      <Alert color="teal" role="status" title={t('thanksTitle')}>
        {t('thanks')}
      </Alert>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (missing.size) return;
    answer.mutate({ SurveyId: survey.SurveyId, Answers: answersOf(survey.Questions, values) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {survey.Name}
        </Title>
        {survey.Instructions ? <Text style={{ whiteSpace: 'pre-line' }}>{survey.Instructions}</Text> : null}
        {survey.Questions.map((question) => (
          <QuestionField
            key={question.Id}
            question={question}
            value={values[question.Id]}
            onChange={(value) => setValues((current) => ({ ...current, [question.Id]: value }))}
            error={touched && missing.has(question.Id) ? t('required') : null}
          />
        ))}
        {answer.error ? (
          <Alert color="red" role="alert">
            {answer.error instanceof ApiError && answer.error.issues.some((i) => i.field === 'sig')
              ? t('invalid')
              : t('failed')}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" size="md" loading={answer.isPending}>
            {t('submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The survey's questions at /survey/appointment/{id}/questions (decision 0074): the practice's active survey, opened
 * by Start Survey with the link's signature, answered once.
 */
export function SurveyQuestionsPage() {
  const { t } = useTranslation('patientSurvey');
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const link = readSurveyLink(params);
  const survey = useSurveyQuestions(id, link);
  useEffect(() => {
    document.title = `${t('title')} | CareSlot`;
  }, [t]);
  const invalid =
    !link ||
    (survey.error instanceof ApiError && (survey.error.status === 400 || survey.error.status === 404));
  return (
    <Container size={640} py={{ base: 24, sm: 56 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="xs">
        {invalid ? (
          <Alert color="red" role="alert" title={t('invalidTitle')}>
            {t('invalid')}
          </Alert>
        ) : survey.error ? (
          <Alert color="red" role="alert" title={t('failedTitle')}>
            {t('failed')}
          </Alert>
        ) : survey.data ? (
          <Questions id={id} survey={survey.data} link={link} />
        ) : (
          <LoadingSpinner minHeight={240} />
        )}
      </Paper>
    </Container>
  );
}
