import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { MESSAGE_LIMITS } from '@careslot/contracts';
import { useSession } from '../../../shared/session/session';
import { inboxKeys, sendMessage, useThread } from '../inboxApi';

/** /portal/messages/:id: one thread with its practice, read now, and the patient's reply (issue 28). */
export function PortalThreadPage() {
  const { t, i18n } = useTranslation('inbox');
  const { id = '' } = useParams();
  const client = useQueryClient();
  const userId = useSession().user?.userId ?? null;
  const thread = useThread(id, userId);
  const [body, setBody] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const when = (value: string) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(value));
  const back = (
    <Anchor component={Link} to="/portal/messages">
      {t('back')}
    </Anchor>
  );
  if (thread.isPending) return <Loader aria-label={t('loading')} />;
  if (thread.isError)
    return (
      <Stack gap="sm">
        {back}
        <Alert color="red" role="alert">
          {t('errors.load')}
        </Alert>
      </Stack>
    );
  const data = thread.data;
  const send = async () => {
    if (!body.trim()) return;
    setSending(true);
    setFailed(false);
    try {
      await sendMessage({ ThreadId: data.Id, Body: body.trim(), IdempotencyKey: key });
      setBody('');
      setKey(crypto.randomUUID());
      await client.invalidateQueries({ queryKey: inboxKeys.all });
    } catch {
      setFailed(true);
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack gap="md">
      {back}
      <div>
        <Title order={2} size="h3">
          {data.Subject}
        </Title>
        <Text c="dimmed" size="sm">
          {data.PracticeName}
        </Text>
      </div>
      <Stack
        gap="sm"
        component="ol"
        aria-label={t('conversation')}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {data.Messages.map((message) => {
          const mine = message.SenderType === 'Patient';
          return (
            <Card
              key={message.Id}
              component="li"
              withBorder
              radius="lg"
              p="sm"
              bg={mine ? 'var(--mantine-color-blue-light)' : undefined}
              ml={mine ? 'xl' : 0}
              mr={mine ? 0 : 'xl'}
            >
              <Group justify="space-between" gap="xs">
                <Text size="sm" fw={600}>
                  {mine ? t('from.Patient') : data.PracticeName}
                </Text>
                <Text size="xs" c="dimmed">
                  {when(message.SentAt)}
                </Text>
              </Group>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.Body}</Text>
            </Card>
          );
        })}
      </Stack>
      <Stack gap="xs" component="form" onSubmit={(e) => (e.preventDefault(), void send())}>
        <Textarea
          label={t('replyLabel')}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          maxLength={MESSAGE_LIMITS.body}
          resize="vertical"
          rows={3}
        />
        {failed && (
          <Alert color="red" role="alert">
            {t('errors.send')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={sending} disabled={!body.trim()}>
            {t('send')}
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}
