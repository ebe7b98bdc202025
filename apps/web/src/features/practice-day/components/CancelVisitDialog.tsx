import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The practice's "Cancel visit" (issue 30, item 18): asked to confirm, with a reason the patient's message
 * carries. Nothing is cancelled until a reason is given and the cancelling is confirmed.
 */
export function CancelVisitDialog({
  opened,
  patient,
  pending,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  patient: string;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('practiceCancel');
  const [reason, setReason] = useState('');
  const [error, setError] = useState(false);
  const confirm = () => {
    const given = reason.trim();
    if (!given) {
      setError(true);
      return;
    }
    onConfirm(given);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('title')} centered>
      <Stack gap="md">
        <Text size="sm">{t('intro', { patient })}</Text>
        <Textarea
          label={t('reason')}
          description={t('reasonHint')}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            if (error) setError(false);
          }}
          error={error ? t('required') : undefined}
          required
          autosize
          minRows={2}
          maxLength={500}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('keep')}
          </Button>
          <Button color="red.9" loading={pending} onClick={confirm}>
            {t('confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
