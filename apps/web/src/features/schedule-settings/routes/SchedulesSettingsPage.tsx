import { Badge, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { usePractice } from '../../../shared/session/practice';
import { usePracticeSchedules, useScheduleSetting, useServiceTypes } from '../api/scheduleSettings';
import { ScheduleEditor } from '../components/ScheduleEditor';
import { calendarOwner } from '../scheduleText';

/**
 * /practice-admin/settings/schedules: the practice's calendars, of its providers and of its resources, and
 * the settings of the one chosen (?schedule=<id>). Saving changes the slots patients see at once: open
 * calendars follow live through the calendar hub.
 */
export function SchedulesSettingsPage() {
  const { t } = useTranslation('scheduleSettings');
  const practice = usePractice();
  const [params, setParams] = useSearchParams();
  const schedules = usePracticeSchedules(practice.organizationId);
  const reasons = useServiceTypes(practice.organizationId);
  const selectedId = params.get('schedule');
  const selected = schedules.data?.find((s) => s.Id === selectedId) ?? null;
  const setting = useScheduleSetting(selected?.Id ?? null);
  const location = (id: string | null) => practice.locations.find((l) => l.Id === id)?.Name ?? '';
  const owner = (s: NonNullable<typeof selected>) =>
    calendarOwner(s, practice.practitioners, practice.healthCareServices);

  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        {t('schedulesTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('schedulesIntro')}
      </Text>
      {schedules.isPending ? (
        <LoadingSpinner />
      ) : (schedules.data ?? []).length === 0 ? (
        <Text>{t('noSchedules')}</Text>
      ) : (
        <Paper withBorder radius="lg" p={0} style={{ overflowX: 'auto' }}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('schedulesTitle')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.calendar')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('columns.location')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('columns.online')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {schedules.data!.map((s) => {
                const who = owner(s);
                return (
                  <Table.Tr key={s.Id} aria-current={s.Id === selectedId ? 'true' : undefined}>
                    <Table.Td>
                      <Group gap="xs">
                        <Text size="sm" fw={500}>
                          {who.name}
                        </Text>
                        <Badge variant="light" color={who.kind === 'provider' ? 'blue' : 'grape'}>
                          {t(`kinds.${who.kind}`)}
                        </Badge>
                      </Group>
                      {/* On a phone the location and the online switch sit under the name. */}
                      <Text size="xs" c="dimmed" hiddenFrom="sm">
                        {location(s.LocationId)} · {t('columns.online')}:{' '}
                        {s.OnlineBookingEnabled ? t('on') : t('off')}
                      </Text>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text size="sm">{location(s.LocationId)}</Text>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text size="sm">{s.OnlineBookingEnabled ? t('on') : t('off')}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={t('editLabel', { name: who.name })}
                        onClick={() => setParams({ schedule: s.Id })}
                      >
                        {t('edit')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {selected && (
        <ScheduleEditor
          // A new form for another calendar, and once its booking settings have loaded; saving keeps the form.
          key={`${selected.Id}:${setting.data ? 1 : 0}`}
          schedule={selected}
          settings={setting.data}
          reasons={reasons.data ?? []}
          title={t('editTitle', { name: owner(selected).name })}
        />
      )}
    </Stack>
  );
}
