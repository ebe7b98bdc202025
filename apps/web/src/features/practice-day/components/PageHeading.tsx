import type { ReactNode } from 'react';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ConnectionState } from '../../../shared/realtime/connection';
import { dateLocale } from '../../../shared/slots/dateLocale';
import { headerDateLabel } from '../calendarModel';

/** A practice page's heading: title, the date label 'Month d,yyyy' in the practice's zone, the live state and actions. */
export function PageHeading({
  title,
  lead,
  timeZone,
  live,
  actions,
}: {
  title: string;
  lead?: string;
  timeZone: string;
  live: ConnectionState;
  actions?: ReactNode;
}) {
  const { t, i18n } = useTranslation('practiceDay');
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
      <Stack gap={4}>
        <Group gap="xs" c="dimmed">
          <IconCalendarEvent size={16} aria-hidden />
          <Text size="sm" fw={500} data-testid="header-date">
            {headerDateLabel(new Date(), timeZone, dateLocale(i18n.language))}
          </Text>
          <Badge
            size="xs"
            variant="dot"
            color={live === 'connected' ? 'teal' : live === 'disconnected' ? 'red' : 'yellow'}
            role="status"
            aria-label={t(`live.${live}`)}
          >
            {t(`live.${live}`)}
          </Badge>
        </Group>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        {lead ? <Text c="dimmed">{lead}</Text> : null}
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
