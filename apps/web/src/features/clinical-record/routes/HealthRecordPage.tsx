import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session';
import { HealthCardPanel } from '../components/HealthCardPanel';
import { PatientChart } from '../components/PatientChart';

/** The patient's own record in the portal: what their practices recorded and what they added themselves. */
export function HealthRecordPage() {
  const { t } = useTranslation('clinicalRecord');
  const { user } = useSession();
  const patientId = user?.roles.includes('patient') ? user.userId : null;
  return (
    <Stack gap="md" maw={960}>
      <Title order={1} fz="h2">
        {t('portal.title')}
      </Title>
      <Text c="dimmed">{t('portal.intro')}</Text>
      {patientId ? <PatientChart patientId={patientId} mode="patient" /> : null}
      {patientId ? <HealthCardPanel patientId={patientId} /> : null}
    </Stack>
  );
}
export default HealthRecordPage;
