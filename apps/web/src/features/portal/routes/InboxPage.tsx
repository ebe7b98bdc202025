import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MESSAGE_LIMITS } from '@careslot/contracts';
import { useSession } from '../../../shared/session/session';
import { inboxKeys, startThread, useThreads } from '../inboxApi';

function NewMessageForm({
  practices,
  onDone,
}: {
  practices: { value: string; label: string }[];
  onDone: () => void;
}) {
  const { t } = useTranslation('inbox');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [practice, setPractice] = useState<string | null>(null);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [key] = useState(() => crypto.randomUUID());
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const organizationId = practice ?? practices[0]?.value ?? null;
  if (practices.length === 0) return <Text>{t('noPractice')}</Text>;
  const submit = async () => {
    if (!organizationId || !subject.trim() || !body.trim()) return;
    setSending(true);
    setFailed(false);
    try {
      const thread = await startThread({
        OrganizationId: organizationId,
        Subject: subject.trim(),
        Body: body.trim(),
        IdempotencyKey: key,
      });
      await client.invalidateQueries({ queryKey: inboxKeys.all });
      onDone();
      void navigate(`/portal/messages/${thread.Id}`);
    } catch {
      setFailed(true);
    } finally {
      setSending(false);
    }
  };
  return (
    <Card
      withBorder
      radius="lg"
      p="md"
      component="form"
      onSubmit={(e) => (e.preventDefault(), void submit())}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('newMessage')}
        </Title>
        <Select
          label={t('practice')}
          data={practices}
          value={organizationId}
          onChange={setPractice}
          allowDeselect={false}
        />
        <TextInput
          label={t('subject')}
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
          maxLength={MESSAGE_LIMITS.subject}
          required
        />
        <Textarea
          label={t('body')}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          maxLength={MESSAGE_LIMITS.body}
          resize="vertical"
          rows={4}
          required
        />
        {failed && (
          <Alert color="red" role="alert">
            {t('errors.send')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={sending} disabled={!subject.trim() || !body.trim()}>
            {t('send')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /portal/messages: the patient's message threads with their practices, unread first in the eye (issue 28). */
export function PortalInboxPage() {
  const { t, i18n } = useTranslation('inbox');
  const navigate = useNavigate();
  const userId = useSession().user?.userId ?? null;
  const threads = useThreads(userId);
  const [writing, setWriting] = useState(false);
  const when = (value: string) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(value));
  if (threads.isPending) return <Loader aria-label={t('loading')} />;
  if (threads.isError)
    return (
      <Alert color="red" role="alert">
        {t('errors.load')}
      </Alert>
    );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('title')}
        </Title>
        {!writing && <Button onClick={() => setWriting(true)}>{t('newMessage')}</Button>}
      </Group>
      {writing && (
        <NewMessageForm
          practices={threads.data.Practices.map((p) => ({ value: p.Id, label: p.Name }))}
          onDone={() => setWriting(false)}
        />
      )}
      {threads.data.Data.length === 0 ? (
        <Text>{t('empty')}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {threads.data.Data.map((thread) => (
            <li key={thread.Id}>
              <UnstyledButton
                w="100%"
                onClick={() => void navigate(`/portal/messages/${thread.Id}`)}
                aria-label={
                  thread.Unread > 0
                    ? `${thread.Subject}, ${t('threadUnread', { count: thread.Unread })}`
                    : thread.Subject
                }
              >
                <Card withBorder radius="lg" p="md">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text fw={thread.Unread > 0 ? 700 : 500} truncate>
                        {thread.Subject}
                      </Text>
                      <Text size="sm" c="dimmed" truncate>
                        {thread.PracticeName} · {thread.LastMessage}
                      </Text>
                    </Stack>
                    <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                      <Text size="xs" c="dimmed">
                        {when(thread.LastMessageAt)}
                      </Text>
                      {thread.Unread > 0 && (
                        <Badge color="red.9">{t('threadUnread', { count: thread.Unread })}</Badge>
                      )}
                    </Stack>
                  </Group>
                </Card>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
