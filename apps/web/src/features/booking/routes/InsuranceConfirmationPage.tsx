import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BookingShell } from '../components/BookingShell';
import { useBookingFlow } from '../useBookingFlow';

export const INSURANCE_CONFIRMATION_PATH = '/book/insurance-confirmation';

/**
 * Insurance confirmation (/book/insurance-confirmation, stage INSURANCE_CONFIRMATION, when the schedule enables
 * insurance and the patient is insured, rule 4): the primary coverage on file, to keep or to change on the next
 * screen (rule 5 always goes on to collect insurance).
 */
export function InsuranceConfirmationPage() {
  const { t } = useTranslation('bookingFlow');
  const flow = useBookingFlow();
  const primary = flow.coverages.data?.find((c) => c.Priority === 'Primary') ?? null;
  const chosen = flow.state?.insurance;
  const name = chosen?.Insurance.Display ?? primary?.Name ?? null;
  const memberId = chosen ? chosen.SubscriberId : (primary?.PolicyNumber ?? null);

  const keep = () =>
    flow.advance('INSURANCE_CONFIRMATION', {
      insuranceConfirmed: true,
      insurance: name
        ? {
            Insurance: { Display: name },
            SubscriberId: memberId,
            InsurancePlanId: primary?.Insurance.Reference ?? null,
            CoverageId: primary?.Id ?? null,
          }
        : null,
    });
  const change = () => flow.advance('INSURANCE_CONFIRMATION', { insuranceConfirmed: false });

  return (
    <BookingShell
      held={flow.held}
      timeZone={flow.timeZone}
      dialogs={flow.dialogs}
      title={t('confirmation.title')}
      intro={t('confirmation.intro')}
    >
      {flow.coverages.isLoading ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      ) : !name ? (
        <Alert color="blue">{t('confirmation.none')}</Alert>
      ) : (
        <Paper withBorder radius="md" p="md" data-testid="insurance-on-file">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('confirmation.plan')}
              </Text>
              <Text fw={600}>{name}</Text>
            </Stack>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('confirmation.memberId')}
              </Text>
              <Text fw={600}>{memberId ?? t('confirmation.noMemberId')}</Text>
            </Stack>
          </SimpleGrid>
        </Paper>
      )}
      <Group justify="flex-end" gap="sm">
        {name && (
          <Button variant="default" onClick={change}>
            {t('confirmation.change')}
          </Button>
        )}
        <Button onClick={name ? keep : change}>{name ? t('confirmation.keep') : t('common.continue')}</Button>
      </Group>
    </BookingShell>
  );
}
