import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useHeaderState } from '../../shared/navigation/headerState';

/**
 * The bell with the unseen-notification badge (practice-portal.md §2.3, §4.2): the first click opens the
 * sidebar, a second click (or any click while it is shown) closes it.
 */
export function NotificationBell({ opened, onToggle }: { opened: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const { notificationCount } = useHeaderState();
  const label =
    notificationCount > 0
      ? t('header.notificationsNew', { count: notificationCount })
      : t('header.notifications');
  return (
    <Indicator
      label={notificationCount > 99 ? '99+' : notificationCount}
      disabled={notificationCount <= 0}
      size={18}
      color="red"
      offset={4}
    >
      <ActionIcon
        variant="default"
        size={38}
        radius="md"
        aria-label={label}
        aria-expanded={opened}
        aria-controls="notification-sidebar"
        onClick={onToggle}
      >
        <IconBell size={20} stroke={1.8} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
