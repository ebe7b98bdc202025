import { Alert, Anchor, Badge, Container, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { PAGING } from '@careslot/contracts';
import { useAppConfig } from '../../../shared/config/appConfig';
import { hasRole, useSession } from '../../../shared/session/session';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';

/**
 * Platform settings (practice-portal.md §2.2 /super-user/settings; decision 0066): the deployment's settings
 * as the server reports them (GET /api/app-config) and the fixed page sizes. They come from the server's
 * environment (LANDING_ENABLED, DISABLE_CALENDAR, SUPPORT_EMAIL, ...) and take effect on a restart, so the
 * page shows them read-only with that reason; demo requests have their own page.
 */
export function PlatformSettingsPage() {
  const { t } = useTranslation('platformSettings');
  const { user } = useSession();
  const config = useAppConfig();
  if (!user) return <Navigate to="/login" replace />;
  const allowed = hasRole(user, 'superuser');
  const yesNo = (value: boolean) => (
    <Badge color={value ? 'teal.9' : 'gray'} variant={value ? 'filled' : 'light'} tt="none">
      {value ? t('on') : t('off')}
    </Badge>
  );
  return (
    <Container size="md" py="xl">
      <title>{t('title')}</title>
      <Stack gap="md">
        <div>
          <Title order={1}>{t('heading')}</Title>
          <Text c="dimmed">{t('lead')}</Text>
        </div>
        {!allowed ? (
          <Alert color="red" role="alert">
            {t('forbidden')}
          </Alert>
        ) : config.isPending ? (
          <LoadingSpinner />
        ) : config.error ? (
          <Alert color="red" role="alert">
            {config.error.message}
          </Alert>
        ) : (
          <>
            <Alert color="blue" title={t('readOnlyTitle')}>
              {t('readOnly')}
            </Alert>
            <Table variant="vertical" withTableBorder aria-label={t('heading')}>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={260}>{t('fields.landing')}</Table.Th>
                  <Table.Td>
                    {yesNo(config.data.landingEnabled)}{' '}
                    <Text span size="xs" c="dimmed">
                      LANDING_ENABLED
                    </Text>
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('fields.calendar')}</Table.Th>
                  <Table.Td>
                    {yesNo(!config.data.calendarDisabled)}{' '}
                    <Text span size="xs" c="dimmed">
                      DISABLE_CALENDAR
                    </Text>
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('fields.supportEmail')}</Table.Th>
                  <Table.Td>
                    {config.data.supportEmail}{' '}
                    <Text span size="xs" c="dimmed">
                      SUPPORT_EMAIL
                    </Text>
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('fields.languages')}</Table.Th>
                  <Table.Td>{config.data.languages.join(', ')}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('fields.social')}</Table.Th>
                  <Table.Td>{config.data.social ? config.data.social.name : t('none')}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('fields.cards')}</Table.Th>
                  <Table.Td>
                    {config.data.payments?.stripePublishableKey ? t('stripe') : t('sandbox')}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('fields.pageSizes')}</Table.Th>
                  <Table.Td>
                    {t('pageSizes', {
                      search: PAGING.searchDefaultPageSize,
                      list: PAGING.providerListPage,
                      lookups: PAGING.organizationLocationLimit,
                    })}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Anchor component={Link} to="/super-user/settings/demo-requests">
              {t('demoRequests')}
            </Anchor>
          </>
        )}
      </Stack>
    </Container>
  );
}
