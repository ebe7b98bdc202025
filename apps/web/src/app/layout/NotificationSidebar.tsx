import { Drawer, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The notification sidebar of practice-portal.md §2.4: the title 'Notifications', a close control and the
 * 'Appointments' panel. The in-app notifications themselves (records, pushes, the virtual list) are
 * built with the notifications module; until they exist the panel says plainly that there are none.
 * Loaded on first open, like the burger menu.
 */
export default function NotificationSidebar({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      id="notification-sidebar"
      opened={opened}
      onClose={onClose}
      position="right"
      size={380}
      title={
        <Title order={2} size="h4">
          {t('header.notifications')}
        </Title>
      }
      closeButtonProps={{ 'aria-label': t('header.close') }}
    >
      <section aria-labelledby="notification-appointments">
        <Text id="notification-appointments" fw={700} size="sm" tt="uppercase" c="dimmed" mb="md">
          {t('header.appointments')}
        </Text>
        <Stack align="center" gap="xs" py="xl" ta="center">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray">
            <IconBellOff size={26} aria-hidden />
          </ThemeIcon>
          <Text fw={600}>{t('header.noNotifications')}</Text>
          <Text size="sm" c="dimmed" maw={280}>
            {t('header.noNotificationsHint')}
          </Text>
        </Stack>
      </section>
    </Drawer>
  );
}
