import { useRef, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  MESSAGE_PLACEHOLDERS,
  TEMPLATE_LIMITS,
  type Language,
  type MessagePlaceholder,
  type WorkflowKey,
} from '@careslot/contracts';
import {
  placeholdersIn,
  renderTemplate,
  SAMPLE_MESSAGE_VALUES,
  validateTemplateText,
  type RenderOptions,
  type TemplateIssue,
} from '@careslot/domain';
import { ApiError } from '../../../shared/api/client';
import { useSaveTemplate } from '../api/communication';

interface Props {
  organizationId: string;
  channel: 'email' | 'sms';
  workflowKey: WorkflowKey;
  language: Language;
  /** The saved (or built-in) text. */
  subject: string | null;
  body: string;
  isCustom: boolean;
  options: RenderOptions;
  practiceName: string;
}

type Field = 'subject' | 'body';

/**
 * One template's editor: subject (e-mail) and body with placeholder chips that insert at the cursor, the rules
 * checked as the admin types (the server checks them again), and a live preview from sample data under the
 * organization's options. The preview is text: the values are never read as markup.
 */
export function TemplateEditor(props: Props) {
  const { t } = useTranslation('communicationSettings');
  const [subject, setSubject] = useState(props.subject ?? '');
  const [body, setBody] = useState(props.body);
  const [serverIssues, setServerIssues] = useState<TemplateIssue[]>([]);
  const focused = useRef<Field>('body');
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const save = useSaveTemplate();
  const email = props.channel === 'email';
  const issues = [
    ...(email ? validateTemplateText('body.Subject', subject, 'email', 'subject') : []),
    ...validateTemplateText('body.Body', body, props.channel, 'body'),
    ...serverIssues,
  ];
  const known: readonly string[] = MESSAGE_PLACEHOLDERS;
  const textOf = (field: string) => (field === 'body.Subject' ? subject : body);
  const issueOf = (field: string) =>
    issues
      .filter((i) => i.field === field)
      .map((i) =>
        t(`rules.${i.rule}`, {
          defaultValue: i.message,
          names: placeholdersIn(textOf(field))
            .filter((n) => !known.includes(n))
            .map((n) => `{{${n}}}`)
            .join(', '),
          max:
            field === 'body.Subject'
              ? TEMPLATE_LIMITS.emailSubject
              : email
                ? TEMPLATE_LIMITS.emailBody
                : TEMPLATE_LIMITS.smsBody,
          interpolation: { escapeValue: false },
        }),
      );
  const subjectErrors = [
    ...(email && !subject.trim() ? [t('rules.required')] : []),
    ...issueOf('body.Subject'),
  ];
  const bodyErrors = [...(!body.trim() ? [t('rules.required')] : []), ...issueOf('body.Body')];
  const values = { ...SAMPLE_MESSAGE_VALUES, practiceName: props.practiceName };
  const preview = {
    subject: email ? renderTemplate(subject, values, props.options) : null,
    body: renderTemplate(body, values, props.options),
  };
  const max = email ? TEMPLATE_LIMITS.emailBody : TEMPLATE_LIMITS.smsBody;

  const insert = (name: MessagePlaceholder) => {
    const token = `{{${name}}}`;
    const field = email ? focused.current : 'body';
    const element = field === 'subject' ? subjectRef.current : bodyRef.current;
    const current = field === 'subject' ? subject : body;
    const start = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? current.length;
    const next = current.slice(0, start) + token + current.slice(end);
    (field === 'subject' ? setSubject : setBody)(next);
    setServerIssues([]);
    save.reset();
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const submit = (event: FormEvent, useDefault = false) => {
    event.preventDefault();
    if (!useDefault && (subjectErrors.length || bodyErrors.length)) return;
    const common = {
      OrganizationId: props.organizationId,
      WorkflowKey: props.workflowKey,
      Language: props.language,
      Body: body.trim() || props.body,
      ...(useDefault ? { UseDefault: true } : {}),
    };
    save.mutate(
      email
        ? { channel: 'email', body: { ...common, Subject: subject.trim() || (props.subject ?? '') } }
        : { channel: 'sms', body: common },
      {
        onSuccess: (answer) => {
          // Back to the built-in text: the editor shows it.
          setBody(answer.data.Body);
          if ('Subject' in answer.data) setSubject(answer.data.Subject);
        },
        onError: (error) =>
          setServerIssues(
            error instanceof ApiError
              ? error.issues.map((i) => ({
                  field: i.field,
                  rule: i.rule as TemplateIssue['rule'],
                  message: i.message,
                }))
              : [],
          ),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('editor.formLabel', { channel: t(`channels.${props.channel}`) })}
    >
      <Stack gap="sm">
        <Group gap="xs">
          <Badge variant="light" color={props.isCustom ? 'teal' : 'gray'}>
            {props.isCustom ? t('editor.custom') : t('editor.builtIn')}
          </Badge>
        </Group>
        {email && (
          <TextInput
            ref={subjectRef}
            label={t('editor.subject')}
            required
            maxLength={TEMPLATE_LIMITS.emailSubject}
            value={subject}
            error={subjectErrors.join(' ') || undefined}
            onFocus={() => (focused.current = 'subject')}
            onChange={(event) => {
              setSubject(event.currentTarget.value);
              setServerIssues([]);
              save.reset();
            }}
          />
        )}
        <Textarea
          ref={bodyRef}
          label={email ? t('editor.body') : t('editor.smsBody')}
          required
          rows={email ? 10 : 5}
          resize="vertical"
          value={body}
          description={t('editor.count', { count: body.length, max })}
          error={bodyErrors.join(' ') || undefined}
          onFocus={() => (focused.current = 'body')}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            setServerIssues([]);
            save.reset();
          }}
        />
        <div role="group" aria-label={t('editor.placeholders')}>
          <Text size="sm" fw={500} mb={4}>
            {t('editor.placeholders')}
          </Text>
          <Group gap={6}>
            {MESSAGE_PLACEHOLDERS.map((name) => (
              <Button
                key={name}
                type="button"
                size="compact-xs"
                variant="light"
                radius="xl"
                onClick={() => insert(name)}
                aria-label={t('editor.insert', { name: t(`placeholders.${name}`) })}
              >
                {`{{${name}}}`}
              </Button>
            ))}
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {t('editor.sectionsHint')}
          </Text>
        </div>
        <Paper
          withBorder
          radius="md"
          p="sm"
          bg="gray.0"
          component="section"
          aria-labelledby={`preview-${props.channel}`}
        >
          <Title order={3} fz="h6" id={`preview-${props.channel}`}>
            {t('editor.preview')}
          </Title>
          {preview.subject !== null && (
            <Text fw={600} mt={4} data-testid="preview-subject">
              {preview.subject}
            </Text>
          )}
          <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }} data-testid={`preview-${props.channel}`}>
            {preview.body}
          </Text>
          {!email && (
            <Text size="xs" c="dimmed" mt={4}>
              {t('editor.smsLength', { count: preview.body.length, max: TEMPLATE_LIMITS.smsBody })}
            </Text>
          )}
        </Paper>
        {save.isError && serverIssues.length === 0 && (
          <Alert color="red" role="alert">
            {save.error.message}
          </Alert>
        )}
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="teal.8" role="status">
            {save.isSuccess ? t('editor.saved') : ''}
          </Text>
          <Group gap="sm">
            {props.isCustom && (
              <Button
                type="button"
                variant="default"
                onClick={(event) => submit(event, true)}
                disabled={save.isPending}
              >
                {t('editor.useDefault')}
              </Button>
            )}
            <Button type="submit" loading={save.isPending}>
              {t('editor.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
