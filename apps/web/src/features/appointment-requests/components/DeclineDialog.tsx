import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH } from '@careslot/contracts';

const REASON_MAX = 500;

/** Asks why a request is declined: the reason is required and reaches the patient with the decision. */
export function DeclineDialog({
  patientName,
  opened,
  busy,
  onCancel,
  onDecline,
}: {
  patientName: string;
  opened: boolean;
  busy: boolean;
  onCancel: () => void;
  onDecline: (reason: string) => void;
}) {
  const { t } = useTranslation('appointmentRequests');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setError(t('decline.required'));
      return;
    }
    onDecline(text);
  };
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      size={DIALOG_WIDTH.generic}
      title={<Text fw={700}>{t('decline.title')}</Text>}
      closeButtonProps={{ 'aria-label': t('decline.cancel') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('decline.lead', { name: patientName })}</Text>
          <Textarea
            label={t('decline.reason')}
            placeholder={t('decline.placeholder')}
            required
            autosize
            minRows={3}
            maxLength={REASON_MAX}
            value={reason}
            error={error}
            description={t('decline.count', { count: reason.length, max: REASON_MAX })}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              if (error) setError(null);
            }}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={busy}>
              {t('decline.cancel')}
            </Button>
            <Button type="submit" color="red" loading={busy}>
              {t('decline.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
