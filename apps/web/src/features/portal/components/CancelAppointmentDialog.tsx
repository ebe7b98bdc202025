import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PortalAppointment } from '@careslot/contracts';
import { ApiError } from '../../../shared/api/client';
import { toast } from '../../../shared/ui/toast';
import { cancelAppointment } from '../api';

const REASON_MAX = 500;

/** Cancel with a reason (required): the visit is called off and its time goes back to the calendar. */
export function CancelAppointmentDialog({
  appointment,
  onClose,
  onCanceled,
}: {
  appointment: PortalAppointment;
  onClose: () => void;
  onCanceled: (updated: PortalAppointment) => void;
}) {
  const { t, i18n } = useTranslation('portal');
  const [reason, setReason] = useState('');
  const paid = appointment.Payment?.Status === 'Captured' ? appointment.Payment.PaidAmount : null;
  const amount = (value: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' }).format(value);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const trimmed = reason.trim();
    if (!trimmed) return setError(t('cancel.reasonRequired'));
    if (trimmed.length > REASON_MAX) return setError(t('cancel.reasonTooLong', { max: REASON_MAX }));
    setBusy(true);
    setError(null);
    try {
      const updated = await cancelAppointment(appointment.Id, trimmed);
      toast.success(t('cancel.done'));
      // What became of a paid visit fee (the practice's cancellation policy): refunded or kept.
      if (paid !== null && updated.Payment?.Status === 'Refunded')
        toast.success(t('cancel.feeRefunded', { amount: amount(paid) }));
      else if (paid !== null) toast.success(t('cancel.feeKept', { amount: amount(paid) }));
      onCanceled(updated);
    } catch (e) {
      setError(e instanceof ApiError && e.issues[0] ? e.issues[0].message : t('cancel.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={<Text fw={700}>{t('cancel.title')}</Text>}
      size={550}
      radius="lg"
      padding="lg"
      centered
    >
      <Stack gap="md">
        <Text>{t('cancel.body')}</Text>
        {paid !== null && (
          <Text size="sm" c="dimmed" data-testid="cancel-fee-note">
            {t('cancel.feeNote', { amount: amount(paid) })}
          </Text>
        )}
        <Textarea
          label={t('cancel.reason')}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(null);
          }}
          rows={3}
          required
          maxLength={REASON_MAX + 20}
          error={error ?? undefined}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('cancel.keep')}
          </Button>
          <Button color="red.9" onClick={() => void submit()} loading={busy}>
            {t('cancel.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
