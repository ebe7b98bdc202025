import { useState } from 'react';
import { Alert, Button, Checkbox, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useHeaderState } from '../../../shared/navigation/headerState';
import { hasRole, useSession } from '../../../shared/session/session';
import { useShowApiError } from '../../../shared/api/useShowApiError';
import { toast } from '../../../shared/ui/toast';
import { useProviderServices, useUpdateServices } from '../api/providerSettings';
import { mayEditProviderSettings } from '../editAccess';

/**
 * /providers/:userId/settings/service: the reasons (service types) the provider's schedules offer. The provider
 * themself and the practice admin change them (PUT schedule/{id}/update-services, the admin's own call, so the
 * open calendars follow; decision 0068); anyone else sees them.
 */
export function ServicesPage() {
  const { t } = useTranslation('providerSettings');
  const { userId = '' } = useParams();
  const { user } = useSession();
  const { features } = useHeaderState();
  const canEdit = mayEditProviderSettings(user, userId, features);
  const isAdmin = hasRole(user, 'practiceadmin');
  const services = useProviderServices(user?.organizationId ?? null, userId);
  const update = useUpdateServices(userId);
  const showError = useShowApiError();
  // What the admin ticked and has not saved yet, by schedule; otherwise the schedule's own list shows.
  const [edits, setEdits] = useState<Record<string, string[]>>({});
  const chosenOf = (scheduleId: string) =>
    edits[scheduleId] ??
    services.data?.schedules.find((s) => s.Id === scheduleId)?.ServiceType.map((x) => x.Id) ??
    [];

  const save = async (scheduleId: string, name: string) => {
    try {
      await update.mutateAsync({ scheduleId, ids: chosenOf(scheduleId) });
      setEdits(({ [scheduleId]: _saved, ...rest }) => rest);
      toast.success(t('services.savedFor', { name }));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} fz="h3">
          {t('sections.service')}
        </Title>
        <Text c="dimmed">
          {t(!canEdit ? 'services.lead' : isAdmin ? 'services.leadAdmin' : 'services.leadOwn')}
        </Text>
        {services.isLoading && <Loader aria-label={t('loading')} />}
        {services.isError && <Alert color="red">{t('loadFailed')}</Alert>}
        {services.data && services.data.schedules.length === 0 && <Text>{t('services.noSchedule')}</Text>}
        {services.data?.schedules.map((schedule) => {
          const name = schedule.Name ?? t('services.schedule');
          return (
            <Stack key={schedule.Id} gap="xs" component="section" aria-labelledby={`schedule-${schedule.Id}`}>
              <Title order={3} fz="h4" id={`schedule-${schedule.Id}`}>
                {name}
              </Title>
              <Checkbox.Group
                value={chosenOf(schedule.Id)}
                onChange={(ids) => setEdits((c) => ({ ...c, [schedule.Id]: ids }))}
                label={t('services.reasons')}
              >
                <Stack gap={6} mt="xs">
                  {services.data.types.map((type) => (
                    <Checkbox
                      key={type.Id}
                      value={type.Id}
                      label={t('services.reason', { name: type.Name, minutes: type.Duration })}
                      disabled={!canEdit}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
              {canEdit && (
                <Button
                  onClick={() => void save(schedule.Id, name)}
                  loading={update.isPending && update.variables?.scheduleId === schedule.Id}
                  aria-label={t('services.saveFor', { name })}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('save')}
                </Button>
              )}
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
