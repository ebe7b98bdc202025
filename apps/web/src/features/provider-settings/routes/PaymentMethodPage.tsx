import { Alert, Badge, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSession } from '../../../shared/session/session';
import { useVisitFee } from '../api/providerSettings';

/**
 * /providers/:userId/settings/payment-method: the provider's own visit fees, insured and uninsured (integer
 * cents from the payments module's GET entityconfigurations/entity, shown as dollars). The practice admin
 * sets them in the practice's Payments settings; here the provider sees what patients are asked to pay.
 */
export function PaymentMethodPage() {
  const { t, i18n } = useTranslation('providerSettings');
  const { userId = '' } = useParams();
  const { user } = useSession();
  const fee = useVisitFee(user?.organizationId ?? null, userId);
  const dollars = (cents: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' }).format(cents / 100);

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} fz="h3">
          {t('sections.paymentMethod')}
        </Title>
        <Text c="dimmed">{t('fees.lead')}</Text>
        {fee.isLoading && <Loader aria-label={t('loading')} />}
        {fee.isError && <Alert color="red">{t('loadFailed')}</Alert>}
        {fee.data && (
          <>
            <Group gap="xs">
              <Text fw={500}>{t('fees.status')}</Text>
              <Badge color={fee.data.VisitFeeDetails.Enable ? 'green' : 'gray'} variant="light">
                {t(fee.data.VisitFeeDetails.Enable ? 'fees.enabled' : 'fees.disabled')}
              </Badge>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Paper withBorder radius="md" p="md">
                <Text size="sm" c="dimmed">
                  {t('fees.insured')}
                </Text>
                <Text fz="xl" fw={700}>
                  {dollars(fee.data.VisitFeeDetails.InsuredAmount)}
                </Text>
              </Paper>
              <Paper withBorder radius="md" p="md">
                <Text size="sm" c="dimmed">
                  {t('fees.uninsured')}
                </Text>
                <Text fz="xl" fw={700}>
                  {dollars(fee.data.VisitFeeDetails.UninsuredAmount)}
                </Text>
              </Paper>
            </SimpleGrid>
            <Text size="sm">{t('fees.setBy')}</Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
