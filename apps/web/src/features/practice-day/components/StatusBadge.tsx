import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AppointmentStatus } from '@careslot/contracts';
import { STATUS_TONE, statusKey, toneText } from '../calendarModel';

/** Light badges keep their text dark (toneText) so it reads at WCAG AA on the tint. */
export function StatusBadge({
  status,
  size = 'sm',
}: {
  status: AppointmentStatus;
  size?: 'xs' | 'sm' | 'md';
}) {
  const { t } = useTranslation('practiceDay');
  return (
    <Badge
      color={STATUS_TONE[status]}
      variant="light"
      styles={{ label: { color: toneText(STATUS_TONE[status]) } }}
      size={size}
      radius="sm"
      style={{ flexShrink: 0 }}
    >
      {t(statusKey(status))}
    </Badge>
  );
}
