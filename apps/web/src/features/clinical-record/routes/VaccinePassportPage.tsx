import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../shared/session/session';
import { HealthCardPanel } from '../components/HealthCardPanel';

/**
 * /vaccine-passport for a signed-in patient (patient-booking.md §1, §2.3; decision 0097): their immunizations
 * as a SMART Health Card, its QR code and the file to download. Anyone else gets the passport login (router).
 */
export function VaccinePassportPage() {
  const { t } = useTranslation('clinicalRecord');
  const { user } = useSession();
  useEffect(() => {
    document.title = t('passportPage.title');
  }, [t]);
  if (!user?.userId) return null;
  return (
    <Stack gap="md" maw={760} mx="auto" px="md" py={{ base: 'lg', sm: 'xl' }}>
      <Title order={1} fz="h2">
        {t('passportPage.heading')}
      </Title>
      <Text c="dimmed">{t('passportPage.intro')}</Text>
      <HealthCardPanel patientId={user.userId} />
      <Anchor component={Link} to="/portal/record">
        {t('passportPage.record')}
      </Anchor>
    </Stack>
  );
}
export default VaccinePassportPage;
