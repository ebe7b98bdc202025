import { Container, Grid, NavLink, Paper, ScrollArea, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, Outlet, useLocation } from 'react-router';
import { SETTINGS_BASE, SETTINGS_SECTIONS } from '../settingsSections';

/**
 * The frame of every practice-settings page: the sections on the side (a scrolling row on a phone) and the
 * section's page beside them. The pages load with their own route (router.tsx).
 */
export function SettingsLayout() {
  const { t } = useTranslation('practiceSettings');
  const { pathname } = useLocation();
  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Title order={1} fz="h2">
          {t('heading')}
        </Title>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Paper withBorder radius="lg" p="xs" component="nav" aria-label={t('sectionsLabel')}>
              <ScrollArea type="auto" offsetScrollbars>
                <Stack gap={2}>
                  {SETTINGS_SECTIONS.map((section) => {
                    const to = `${SETTINGS_BASE}/${section.path}`;
                    return (
                      <NavLink
                        key={section.id}
                        component={RouterNavLink}
                        to={to}
                        label={t(`sections.${section.id}`)}
                        active={pathname === to || pathname.startsWith(`${to}/`)}
                        aria-current={pathname === to ? 'page' : undefined}
                      />
                    );
                  })}
                </Stack>
              </ScrollArea>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }} data-testid="settings-page">
            <Outlet />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
