import { Anchor, Button, Divider, Drawer, Stack, Text } from '@mantine/core';
import { IconLayoutDashboard, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ABOUT_US_URL, FOR_DOCTORS_URL, PATIENT_SEARCH_URL } from '../../shared/navigation/productLinks';
import { HEADER_LINK_ORDER, homeForRoles } from '../../shared/session/roleHome';
import { hasRole, type SessionUser } from '../../shared/session/session';
import { LanguageGrid } from './LanguageMenu';
import type { HeaderMenu, MenuLink } from './menuRules';
import { isCurrent, MENU_ICONS, RequestsBadge } from './RoleNav';
import classes from './Header.module.css';

export interface BurgerMenuProps {
  opened: boolean;
  onClose: () => void;
  user: SessionUser | null;
  /** The role links and 'More' entries the header rules allow here (menuRules.ts). */
  menu: HeaderMenu['burger'];
  showLogin: boolean;
  showLanguage: boolean;
  onLogin: () => void;
  onSignUp: () => void;
  onLogout: () => void;
}

function BurgerLink({ item }: { item: MenuLink<string> }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const Icon = MENU_ICONS[item.id as keyof typeof MENU_ICONS];
  return (
    <Link
      to={item.to}
      className={classes.burgerLink}
      aria-current={isCurrent(item.to, pathname) ? 'page' : undefined}
      {...(item.newTab ? { target: '_blank', rel: 'noopener' } : {})}
    >
      <Icon size={20} stroke={1.8} aria-hidden />
      <span>{t(`header.nav.${item.label}`)}</span>
      {item.id === 'requests' ? <RequestsBadge /> : null}
    </Link>
  );
}

/**
 * Under 1200 px the header's links move into this drawer, over a backdrop (practice-portal.md §2.3).
 * It loads on first open, so wide screens never download the drawer.
 */
export default function BurgerMenu({
  opened,
  onClose,
  user,
  menu,
  showLogin,
  showLanguage,
  onLogin,
  onSignUp,
  onLogout,
}: BurgerMenuProps) {
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
        {menu.items.length + menu.more.length > 0 ? (
          <nav aria-label={t('header.roleNav')} className={classes.burgerNav}>
            {menu.items.map((item) => (
              <BurgerLink key={item.id} item={item} />
            ))}
            {menu.more.length > 0 ? (
              <div role="group" aria-labelledby="burger-more">
                <Text id="burger-more" size="xs" fw={700} c="dimmed" tt="uppercase" mt="sm" mb={4} px={10}>
                  {t('header.nav.more')}
                </Text>
                {menu.more.map((item) => (
                  <BurgerLink key={item.id} item={item} />
                ))}
              </div>
            ) : null}
          </nav>
        ) : null}
        <Stack component="nav" aria-label={t('header.mainNav')} gap="md">
          {user ? null : (
            <Anchor component={Link} to={ABOUT_US_URL} className={classes.navLink}>
              {t('header.aboutUs')}
            </Anchor>
          )}
          {user && hasRole(user, 'patient') ? (
            <Anchor component={Link} to={PATIENT_SEARCH_URL} className={classes.navLink}>
              {t('header.findDoctor')}
            </Anchor>
          ) : null}
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
            <Button
              component={Link}
              to={homeForRoles(user.roles, HEADER_LINK_ORDER) ?? '/'}
              variant="light"
              leftSection={<IconLayoutDashboard size={18} aria-hidden />}
            >
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
