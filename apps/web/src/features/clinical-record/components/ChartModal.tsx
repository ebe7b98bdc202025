import { Modal, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { PatientChart } from './PatientChart';

/** The chart opened from a visit (appointment dialog): full screen on a phone. */
export function ChartModal({
  patientId,
  patientName,
  appointmentId,
  onClose,
}: {
  patientId: string;
  patientName: string;
  appointmentId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('clinicalRecord');
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      fullScreen={phone}
      title={
        <>
          <Title order={2} fz="lg">
            {t('chartTitle')}
          </Title>
          <Text size="sm" c="dimmed" data-testid="chart-patient">
            {patientName}
          </Text>
        </>
      }
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <PatientChart patientId={patientId} appointmentId={appointmentId} mode="practice" />
    </Modal>
  );
}
export default ChartModal;
