import { Container, Grid, NavLink, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, Outlet, useLocation, useParams } from 'react-router';

/** The provider settings' sections (practice-portal.md §2.2 provider routes), each a child route. */
export const PROVIDER_SETTINGS_SECTIONS = [
  { id: 'edit', path: 'edit' },
  { id: 'paymentMethod', path: 'payment-method' },
  { id: 'changePassword', path: 'account/change-password' },
  { id: 'changeEmail', path: 'account/change-email' },
  { id: 'twoStep', path: 'account/two-step' },
  { id: 'service', path: 'service' },
] as const;

/** The frame of /providers/:userId/settings/*: the sections on the side (on top on a phone), the page beside. */
export function ProviderSettingsLayout() {
  const { t } = useTranslation('providerSettings');
  const { userId = '' } = useParams();
  const { pathname } = useLocation();
  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Title order={1} fz="h2">
          {t('heading')}
        </Title>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Paper withBorder radius="lg" p="xs" component="nav" aria-label={t('sectionsLabel')}>
              <Stack gap={2}>
                {PROVIDER_SETTINGS_SECTIONS.map((section) => {
                  const to = `/providers/${userId}/settings/${section.path}`;
                  return (
                    <NavLink
                      key={section.id}
                      component={RouterNavLink}
                      to={to}
                      label={t(`sections.${section.id}`)}
                      active={pathname === to}
                      aria-current={pathname === to ? 'page' : undefined}
                    />
                  );
                })}
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Outlet />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
