import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The visit fee being paid (the insured or uninsured rate) and what paying it does, on the card and PayPal pages. */
export function VisitFeePanel({ insured, amount, note }: { insured: boolean; amount: string; note: string }) {
  const { t } = useTranslation('bookingPayment');
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="center" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={600}>{t('pay.visitFee')}</Text>
          <Text size="sm" c="dimmed">
            {insured ? t('pay.insuredRate') : t('pay.uninsuredRate')}
          </Text>
        </Stack>
        <Text fw={800} size="xl" data-testid="visit-fee">
          {amount}
        </Text>
      </Group>
      <Group gap={6} mt="sm" wrap="nowrap" align="flex-start">
        <IconLock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      </Group>
    </Paper>
  );
}
