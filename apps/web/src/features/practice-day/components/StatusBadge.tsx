import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AppointmentStatus } from '@careslot/contracts';
import { STATUS_TONE, statusKey } from '../calendarModel';

export function StatusBadge({ status, size = 'sm' }: { status: AppointmentStatus; size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation('practiceDay');
  return (
    <Badge color={STATUS_TONE[status]} variant="light" size={size} radius="sm" style={{ flexShrink: 0 }}>
      {t(statusKey(status))}
    </Badge>
  );
}
