import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  Scheduled: 'teal',
  Confirmed: 'teal',
  Booked: 'teal',
  Accepted: 'teal',
  Pending: 'yellow',
  Canceled: 'gray',
  Rejected: 'red',
  'Entered-In-Error': 'red',
  Failed: 'red',
  'No-Show': 'red',
};

/** An appointment status as a coloured badge, in the reader's language. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('portal');
  return (
    <Badge
      color={COLORS[status] ?? 'blue'}
      variant="light"
      c="dark.8"
      size="lg"
      data-testid="appointment-status"
    >
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}
