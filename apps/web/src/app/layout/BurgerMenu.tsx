import { Anchor, Button, Divider, Drawer, Stack, Text } from '@mantine/core';
import { IconLayoutDashboard, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ABOUT_US_URL, FOR_DOCTORS_URL } from '../../shared/navigation/productLinks';
import { HEADER_LINK_ORDER, homeForRoles } from '../../shared/session/roleHome';
import type { SessionUser } from '../../shared/session/session';
import { LanguageGrid } from './LanguageMenu';
import classes from './Header.module.css';

export interface BurgerMenuProps {
  opened: boolean;
  onClose: () => void;
  user: SessionUser | null;
  showLogin: boolean;
  showLanguage: boolean;
  onLogin: () => void;
  onSignUp: () => void;
  onLogout: () => void;
}

/**
 * Under 1200 px the header's links move into this drawer, over a backdrop (practice-portal.md §2.3).
 * It loads on first open, so wide screens never download the drawer.
 */
export default function BurgerMenu({ opened, onClose, user, showLogin, showLanguage, onLogin, onSignUp, onLogout }: BurgerMenuProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      id="burger-menu"
      opened={opened}
      onClose={onClose}
      position="right"
      size={320}
      title={t('header.menu')}
      overlayProps={{ backgroundOpacity: 0.45, blur: 2 }}
    >
      <Stack gap="lg">
        <Stack component="nav" aria-label={t('header.mainNav')} gap="md">
          <Anchor component={Link} to={ABOUT_US_URL} className={classes.navLink}>
            {t('header.aboutUs')}
          </Anchor>
          <Anchor component={Link} to={FOR_DOCTORS_URL} className={classes.navLink}>
            {t('header.forDoctors')}
          </Anchor>
        </Stack>
        {showLanguage ? <LanguageGrid /> : null}
        <Divider />
        {user ? (
          <Stack gap="xs">
            <Text fw={600}>{user.name}</Text>
            <Text size="sm" c="dimmed">
              {user.email}
            </Text>
            <Button component={Link} to={homeForRoles(user.roles, HEADER_LINK_ORDER) ?? '/'} variant="light" leftSection={<IconLayoutDashboard size={18} aria-hidden />}>
              {t('header.myDashboard')}
            </Button>
            <Button variant="default" onClick={onLogout} leftSection={<IconLogout size={18} aria-hidden />}>
              {t('header.logout')}
            </Button>
          </Stack>
        ) : (
          <Stack gap="xs">
            {showLogin ? (
              <Button variant="default" onClick={onLogin}>
                {t('header.login')}
              </Button>
            ) : null}
            <Button onClick={onSignUp}>{t('header.signUp')}</Button>
          </Stack>
        )}
      </Stack>
    </Drawer>
  );
}
