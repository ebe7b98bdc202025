import { useEffect } from 'react';
import { Avatar, Box, Drawer, Group, Loader, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { IconBellOff } from '@tabler/icons-react';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_ROW_HEIGHT } from '@careslot/contracts';
import { relativeAge } from '@careslot/domain';
import { dateLocale } from '../../../shared/slots/dateLocale';
import { useSession } from '../../../shared/session/session';
import { VirtualList } from '../../../shared/ui/VirtualList';
import type { PresentedNotification } from '../api/inAppNotifications';
import { closePanel, loadMore, openPanel } from '../notificationsController';
import { useNotifications } from '../notificationsState';
import classes from './NotificationSidebar.module.css';

/** A bare photo file name is served from the image server's photos folder (this app's origin). */
function photoSrc(uri: string | null): string | undefined {
  if (!uri) return undefined;
  return /^(https?:)?\/\//i.test(uri) || uri.startsWith('/') ? uri : `/photos/${uri}`;
}

function initialsOf(name: { first_name: string; last_name: string } | null): string {
  return name ? `${name.first_name.charAt(0)}${name.last_name.charAt(0)}`.toUpperCase() : '';
}

function NotificationRow({
  item,
  viewing,
  now,
}: {
  item: PresentedNotification;
  viewing: boolean;
  now: number;
}) {
  const { t, i18n } = useTranslation('notifications');
  const fresh = viewing || item.notification_status === 'new';
  const online = item.appointment_status === 'Scheduled';
  const age = relativeAge(new Date(item.notification_date), new Date(now));
  const ageLabel = age.unit === 'now' ? t('age.now') : t(`age.${age.unit}`, { count: age.count });
  const who =
    item.resource_name ??
    (item.provider_name
      ? t('doctor', { first: item.provider_name.first_name, last: item.provider_name.last_name })
      : '');
  const patient = `${item.patient_name.first_name} ${item.patient_name.last_name}`.trim();
  // The visit's time as it will be lived: in the facility's zone when the record names it.
  const when = item.time_zone
    ? new TZDate(item.appointment_start_date, item.time_zone)
    : new Date(item.appointment_start_date);
  const start = format(when, 'MMMM d, h:mm a', { locale: dateLocale(i18n.language) });
  return (
    <Box className={classes.row} data-new={fresh || undefined}>
      <Stack gap={2} className={classes.text}>
        <Group gap={6} wrap="nowrap">
          <span className={classes.dot} data-online={online || undefined} aria-hidden />
          <Text size="xs" fw={600} className={classes.status} data-online={online || undefined}>
            {t(`status.${item.appointment_status}`)}
          </Text>
          {fresh ? <span className={classes.newTag}>{t('new')}</span> : null}
        </Group>
        <Text fw={700} size="sm" truncate="end">
          {patient}
        </Text>
        <Text size="xs" c="dimmed">
          {start}
        </Text>
      </Stack>
      <Stack gap={6} align="flex-end" className={classes.side}>
        <Text size="xs" c="dimmed" className={classes.age}>
          {ageLabel}
        </Text>
        <Tooltip label={who} disabled={!who} withArrow position="left">
          <Avatar
            src={photoSrc(item.profile_picture_uri)}
            alt={who}
            size={32}
            radius="xl"
            color="brand"
            tabIndex={0}
            aria-label={who || undefined}
          >
            {initialsOf(item.provider_name)}
          </Avatar>
        </Tooltip>
      </Stack>
    </Box>
  );
}

/**
 * The notification sidebar of practice-portal.md §2.4: 'Notifications', a close control and the
 * 'Appointments' panel with a virtual list of 85 px rows. Opening it reloads the list and marks the new
 * items seen on the server (§4.2); closing it marks them viewed.
 */
export default function NotificationSidebar({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['notifications', 'common']);
  const { user } = useSession();
  const state = useNotifications();
  const { height: viewport } = useViewportSize();
  const listHeight = Math.max(NOTIFICATION_ROW_HEIGHT * 3, (viewport || 800) - 150);
  const userId = user?.userId ?? null;
  const userType = user?.userType ?? 'Practitioner';

  // The open state drives the rules of §4.2 (the user does not change while the panel exists).
  useEffect(() => {
    if (!userId) return;
    if (opened) void openPanel({ userId, userType });
    else closePanel();
  }, [opened, userId, userType]);

  return (
    <Drawer.Root id="notification-sidebar" opened={opened} onClose={onClose} position="right" size={400}>
      <Drawer.Overlay />
      <Drawer.Content>
        {/* A div, not Mantine's <header>: the page already has its banner (one banner landmark per page). */}
        <Drawer.Header component="div">
          <Drawer.Title>
            <Title order={2} size="h4" component="span">
              {t('common:header.notifications')}
            </Title>
          </Drawer.Title>
          <Drawer.CloseButton aria-label={t('common:header.close')} />
        </Drawer.Header>
        <Drawer.Body p={0}>
          <section aria-labelledby="notification-appointments">
            <Group justify="space-between" px="md" pb="xs">
              <Text id="notification-appointments" fw={700} size="sm" tt="uppercase" c="dimmed">
                {t('common:header.appointments')}
              </Text>
              {state.loading ? <Loader size="xs" aria-label={t('loading')} /> : null}
            </Group>
            {state.items.length === 0 && !state.loading ? (
              <Stack align="center" gap="xs" py="xl" px="md" ta="center">
                <ThemeIcon size={48} radius="xl" variant="light" color="gray">
                  <IconBellOff size={26} aria-hidden />
                </ThemeIcon>
                <Text fw={600}>{state.failed ? t('failed') : t('common:header.noNotifications')}</Text>
                {state.failed ? null : (
                  <Text size="sm" c="dimmed" maw={280}>
                    {t('common:header.noNotificationsHint')}
                  </Text>
                )}
              </Stack>
            ) : (
              <VirtualList
                aria-label={t('common:header.appointments')}
                items={state.items}
                rowHeight={NOTIFICATION_ROW_HEIGHT}
                height={listHeight}
                itemKey={(item) => item.id}
                onEndReached={() => (userId ? void loadMore({ userId, userType }) : undefined)}
                renderRow={(item) => (
                  <NotificationRow item={item} viewing={state.viewing.has(item.id)} now={state.ageNow} />
                )}
              />
            )}
          </section>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
