import { useState } from 'react';
import { Alert, Button, Checkbox, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { hasRole, useSession } from '../../../shared/session/session';
import { useShowApiError } from '../../../shared/api/useShowApiError';
import { toast } from '../../../shared/ui/toast';
import { useProviderServices, useUpdateServices } from '../api/providerSettings';

/**
 * /providers/:userId/settings/service: the reasons (service types) the provider's schedules offer. A practice
 * admin changes them (PUT schedule/{id}/update-services); a provider sees them.
 */
export function ServicesPage() {
  const { t } = useTranslation('providerSettings');
  const { userId = '' } = useParams();
  const { user } = useSession();
  const canEdit = hasRole(user, 'practiceadmin');
  const services = useProviderServices(user?.organizationId ?? null, userId);
  const update = useUpdateServices(userId);
  const showError = useShowApiError();
  // What the admin ticked and has not saved yet, by schedule; otherwise the schedule's own list shows.
  const [edits, setEdits] = useState<Record<string, string[]>>({});
  const chosenOf = (scheduleId: string) =>
    edits[scheduleId] ??
    services.data?.schedules.find((s) => s.Id === scheduleId)?.ServiceType.map((x) => x.Id) ??
    [];

  const save = async (scheduleId: string) => {
    try {
      await update.mutateAsync({ scheduleId, ids: chosenOf(scheduleId) });
      setEdits(({ [scheduleId]: _saved, ...rest }) => rest);
      toast.success(t('services.saved'));
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
        <Text c="dimmed">{t(canEdit ? 'services.leadAdmin' : 'services.lead')}</Text>
        {services.isLoading && <Loader aria-label={t('loading')} />}
        {services.isError && <Alert color="red">{t('loadFailed')}</Alert>}
        {services.data && services.data.schedules.length === 0 && <Text>{t('services.noSchedule')}</Text>}
        {services.data?.schedules.map((schedule) => (
          <Stack key={schedule.Id} gap="xs">
            <Title order={3} fz="h4">
              {schedule.Name ?? t('services.schedule')}
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
                onClick={() => void save(schedule.Id)}
                loading={update.isPending}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('save')}
              </Button>
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
