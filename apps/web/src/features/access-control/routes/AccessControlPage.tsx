import { useEffect } from 'react';
import { Alert, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PRACTICE_ROLE_CODES } from '@careslot/contracts';
import { enabledFeatures } from '@careslot/domain';
import { setHeaderState } from '../../../shared/navigation/headerState';
import { usePractice } from '../../../shared/session/practice';
import { useSession } from '../../../shared/session/session';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { useConfigurations, useServices, useSwitchFeature } from '../api/accessControl';

/**
 * /practice-admin/settings/access-control (practice-portal.md §6; decision 0059): which of the practice's roles
 * may use which feature, a switch per cell. A cell the menu rules do not give the role shows a dash; the
 * practice admin's own settings cannot be switched off. The server enforces every switch.
 */
export function AccessControlPage() {
  const { t } = useTranslation('accessControl');
  const { organizationId } = usePractice();
  const { user } = useSession();
  const services = useServices();
  const configurations = useConfigurations(organizationId);
  const change = useSwitchFeature(organizationId);

  // The admin's own menu follows the switches at once (their roles are among the configured ones).
  useEffect(() => {
    if (configurations.data && user)
      setHeaderState({ features: enabledFeatures(configurations.data, user.roles) });
  }, [configurations.data, user]);

  if (!organizationId || services.isPending || configurations.isPending) return <LoadingSpinner />;
  const error = services.error ?? configurations.error;
  if (error || !services.data || !configurations.data)
    return (
      <Alert color="red" role="alert">
        {error?.message}
      </Alert>
    );
  const byRole = new Map(configurations.data.map((c) => [c.EntityId, c]));
  const roleLabel = (role: string) => t(`roles.${role}`);

  return (
    <Stack gap="lg">
      <Title order={2} fz="h3">
        {t('heading')}
      </Title>
      <Text c="dimmed">{t('lead')}</Text>
      {change.error ? (
        <Alert color="red" role="alert">
          {change.error.message}
        </Alert>
      ) : null}
      <Paper withBorder radius="lg" p="md">
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="sm" captionSide="top">
            <Table.Caption>{t('caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('feature')}</Table.Th>
                {PRACTICE_ROLE_CODES.map((role) => (
                  <Table.Th key={role} scope="col" ta="center">
                    {roleLabel(role)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {services.data.map((service) => (
                <Table.Tr key={service.Code}>
                  <Table.Th scope="row" fw={500}>
                    {t(`features.${service.Code}`)}
                  </Table.Th>
                  {PRACTICE_ROLE_CODES.map((role) => {
                    const configuration = byRole.get(role);
                    const setting = configuration?.Services.find((s) => s.ServiceCode === service.Code);
                    if (!service.Roles.includes(role) || !configuration || !setting)
                      return (
                        <Table.Td
                          key={role}
                          ta="center"
                          c="dimmed"
                          aria-label={t('notForRole', {
                            feature: t(`features.${service.Code}`),
                            role: roleLabel(role),
                          })}
                        >
                          —
                        </Table.Td>
                      );
                    const locked = service.LockedRoles.includes(role);
                    return (
                      <Table.Td key={role}>
                        <Switch
                          mx="auto"
                          w="fit-content"
                          checked={setting.Enabled}
                          disabled={locked || change.isPending}
                          aria-label={t('switchLabel', {
                            feature: t(`features.${service.Code}`),
                            role: roleLabel(role),
                          })}
                          description={locked ? t('locked') : undefined}
                          onChange={(e) =>
                            change.mutate({
                              configurationId: configuration.Id,
                              feature: service.Code,
                              enabled: e.currentTarget.checked,
                            })
                          }
                        />
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
