import { Avatar, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFlame } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { initials } from '@careslot/domain';
import { dateLocale } from '../../../shared/slots/dateLocale';
import { dayKeyOf } from '../../../shared/slots/slotDates';
import { formatLongDay } from '../calendarModel';
import { useHotlist } from '../api/practiceDay';
import { StatusBadge } from './StatusBadge';

/** The provider's patient hotlist: the 10 patients seen or booked most recently. */
export function HotlistCard({ providerId, timeZone }: { providerId: string; timeZone: string }) {
  const { t, i18n } = useTranslation('practiceDay');
  const locale = dateLocale(i18n.language);
  const hotlist = useHotlist(providerId);
  const list = hotlist.data?.Data ?? [];
  return (
    <Paper withBorder radius="lg" p="md" shadow="xs" component="section" aria-labelledby="hotlist-heading">
      <Group gap="xs" mb="sm">
        <IconFlame size={20} aria-hidden />
        <Title order={2} fz="lg" id="hotlist-heading">
          {t('hotlist.title')}
        </Title>
      </Group>
      {list.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="md">
          {t('hotlist.empty')}
        </Text>
      ) : (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((entry) => (
            <Group
              key={entry.Patient.Id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              py={6}
              style={{ borderBottom: '1px solid var(--mantine-color-gray-1)' }}
            >
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Avatar size={32} radius="xl" color="brand" variant="light" aria-hidden>
                  {initials({ firstName: entry.Patient.FirstName, lastName: entry.Patient.LastName })}
                </Avatar>
                <Stack gap={0} miw={0}>
                  <Text
                    size="sm"
                    fw={600}
                    truncate
                  >{`${entry.Patient.LastName}, ${entry.Patient.FirstName}`}</Text>
                  <Text size="xs" c="dimmed">
                    {t('hotlist.last', {
                      date: formatLongDay(dayKeyOf(entry.LastVisit, timeZone), 'PP', locale),
                      count: entry.Visits,
                    })}
                  </Text>
                </Stack>
              </Group>
              <StatusBadge status={entry.LastStatus} size="xs" />
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
