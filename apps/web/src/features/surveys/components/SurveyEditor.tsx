import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SURVEY_LIMITS, SURVEY_QUESTION_TYPES, type SurveyTemplate } from '@careslot/contracts';
import { draftProblems, questionDraft, type QuestionDraft, type SurveyDraft } from '../surveyDraft';

interface Props {
  initial: SurveyDraft;
  templates: SurveyTemplate[];
  saving: boolean;
  onSave: (draft: SurveyDraft) => void;
  onCancel: () => void;
}

/** The survey form: name, instructions, on or off, and its questions (practice admins). */
export function SurveyEditor({ initial, templates, saving, onSave, onCancel }: Props) {
  const { t } = useTranslation('surveys');
  const [draft, setDraft] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const problems = draftProblems(draft);
  const problem = (field: string) =>
    submitted && problems[field] ? t(`errors.${problems[field]}`, SURVEY_LIMITS) : undefined;

  const setQuestion = (key: string, change: Partial<QuestionDraft>) =>
    setDraft((was) => ({
      ...was,
      questions: was.questions.map((question) =>
        question.key === key ? { ...question, ...change } : question,
      ),
    }));
  const move = (index: number, by: -1 | 1) =>
    setDraft((was) => {
      const questions = [...was.questions];
      const [taken] = questions.splice(index, 1);
      questions.splice(index + by, 0, taken!);
      return { ...was, questions };
    });
  const useTemplate = (templateId: string | null) => {
    const template = templates.find((candidate) => candidate.Id === templateId);
    setDraft((was) => ({
      ...was,
      TemplateId: templateId,
      Name: was.Name || template?.Name || '',
      questions: template ? template.Questions.map(questionDraft) : was.questions,
    }));
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="form"
      aria-labelledby="survey-editor-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (Object.keys(draftProblems(draft)).length === 0) onSave(draft);
      }}
    >
      <Stack gap="md">
        <Title order={2} fz="h3" id="survey-editor-title">
          {draft.Id ? t('editor.editTitle') : t('editor.newTitle')}
        </Title>
        {!draft.Id && templates.length > 0 ? (
          <Select
            label={t('editor.template')}
            description={t('editor.templateHint')}
            placeholder={t('editor.noTemplate')}
            data={templates.map((template) => ({
              value: template.Id,
              label: template.OrganizationId
                ? template.Name
                : t('editor.libraryTemplate', { name: template.Name }),
            }))}
            value={draft.TemplateId}
            onChange={useTemplate}
            clearable
          />
        ) : null}
        <TextInput
          label={t('editor.name')}
          required
          maxLength={SURVEY_LIMITS.name}
          value={draft.Name}
          error={problem('Name')}
          onChange={(event) => setDraft({ ...draft, Name: event.currentTarget.value })}
        />
        <Textarea
          label={t('editor.instructions')}
          description={t('editor.instructionsHint')}
          autosize
          minRows={2}
          maxLength={SURVEY_LIMITS.instructions}
          value={draft.Instructions}
          error={problem('Instructions')}
          onChange={(event) => setDraft({ ...draft, Instructions: event.currentTarget.value })}
        />
        <Switch
          label={t('editor.active')}
          description={t('editor.activeHint')}
          checked={draft.Active}
          onChange={(event) => setDraft({ ...draft, Active: event.currentTarget.checked })}
        />

        <Title order={3} fz="h4">
          {t('editor.questions')}
        </Title>
        {problem('questions') ? (
          <Alert color="red" role="alert">
            {problem('questions')}
          </Alert>
        ) : null}
        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {draft.questions.map((question, index) => (
            <Paper
              key={question.key}
              component="li"
              withBorder
              radius="md"
              p="md"
              aria-label={t('editor.questionNumber', { number: index + 1 })}
            >
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap" align="flex-end">
                  <Select
                    label={t('editor.type')}
                    data={SURVEY_QUESTION_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
                    value={question.Type}
                    onChange={(type) => type && setQuestion(question.key, { Type: type })}
                    allowDeselect={false}
                    w={{ base: 190, sm: 280 }}
                  />
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                      aria-label={t('editor.moveUp', { number: index + 1 })}
                    >
                      <IconArrowUp size={18} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      disabled={index === draft.questions.length - 1}
                      onClick={() => move(index, 1)}
                      aria-label={t('editor.moveDown', { number: index + 1 })}
                    >
                      <IconArrowDown size={18} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() =>
                        setDraft({
                          ...draft,
                          questions: draft.questions.filter((other) => other.key !== question.key),
                        })
                      }
                      aria-label={t('editor.remove', { number: index + 1 })}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                </Group>
                <TextInput
                  label={t('editor.questionText')}
                  required
                  maxLength={SURVEY_LIMITS.question}
                  value={question.Text}
                  error={problem(`${question.key}.Text`)}
                  onChange={(event) => setQuestion(question.key, { Text: event.currentTarget.value })}
                />
                {question.Type === 'choice' ? (
                  <Textarea
                    label={t('editor.options')}
                    description={t('editor.optionsHint')}
                    autosize
                    minRows={2}
                    value={question.optionsText}
                    error={problem(`${question.key}.Options`)}
                    onChange={(event) =>
                      setQuestion(question.key, { optionsText: event.currentTarget.value })
                    }
                  />
                ) : null}
                <Checkbox
                  label={t('editor.required')}
                  checked={question.Required}
                  onChange={(event) => setQuestion(question.key, { Required: event.currentTarget.checked })}
                />
              </Stack>
            </Paper>
          ))}
        </Stack>
        <Group justify="space-between">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            disabled={draft.questions.length >= SURVEY_LIMITS.questions}
            onClick={() => setDraft({ ...draft, questions: [...draft.questions, questionDraft()] })}
          >
            {t('editor.addQuestion')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('editor.questionCount', { count: draft.questions.length, max: SURVEY_LIMITS.questions })}
          </Text>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('editor.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('editor.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
