import { useEffect } from 'react';
import { Badge, Container, Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../shared/session/session';
import { useInboxLive, useThreads } from '../inboxApi';

/** The patient portal (the spec's {portalBase}, built in under /portal): appointments and profile settings. */
export function PortalLayout() {
  const { t } = useTranslation(['portal', 'clinicalRecord']);
  const location = useLocation();
  const navigate = useNavigate();
  const { t: tb } = useTranslation('billing');
  const { t: ti } = useTranslation('inbox');
  const userId = useSession().user?.userId ?? null;
  // The Messages tab's unread count, live over the user's own room.
  useInboxLive(userId);
  const unread = useThreads(userId).data?.Unread ?? 0;
  const tab = location.pathname.startsWith('/portal/profile')
    ? 'profile'
    : location.pathname.startsWith('/portal/billing')
      ? 'billing'
      : location.pathname.startsWith('/portal/record')
        ? 'record'
        : location.pathname.startsWith('/portal/messages')
          ? 'messages'
          : 'appointments';
  useEffect(() => {
    document.title = `${t('title')} | CareSlot`;
  }, [t]);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Tabs
          value={tab}
          onChange={(value) =>
            void navigate(value === 'appointments' || !value ? '/portal' : `/portal/${value}`)
          }
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="appointments">{t('nav.appointments')}</Tabs.Tab>
            <Tabs.Tab value="record">{t('clinicalRecord:portal.tab')}</Tabs.Tab>
            <Tabs.Tab value="profile">{t('nav.profile')}</Tabs.Tab>
            <Tabs.Tab value="billing">{tb('portal.nav')}</Tabs.Tab>
            <Tabs.Tab
              value="messages"
              rightSection={
                unread > 0 ? (
                  <Badge size="sm" color="red.9" circle aria-label={ti('unreadBadge', { count: unread })}>
                    {unread}
                  </Badge>
                ) : null
              }
            >
              {ti('nav')}
            </Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <Outlet />
      </Stack>
    </Container>
  );
}
