import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { Anchor, Box, Burger, Button, Container, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { BREAKPOINTS, STORAGE_KEYS } from '@careslot/contracts';
import { useAppConfig } from '../../shared/config/appConfig';
import { resetHeaderState, setHeaderState, useHeaderState } from '../../shared/navigation/headerState';
import {
  ABOUT_US_URL,
  FOR_DOCTORS_URL,
  PATIENT_SEARCH_URL,
  SIGN_UP_URL,
} from '../../shared/navigation/productLinks';
import { refreshWalkInCount } from '../../shared/navigation/walkInQueue';
import { logout, startLogin } from '../../shared/session/authActions';
import { hasRole, useSession } from '../../shared/session/session';
import { clearSlotDataForSignIn } from '../../shared/slots/pendingSelection';
import { releaseStoredHold } from '../../shared/slots/holds';
import { restoreLanding } from '../landingSwitch';
import { AccountMenu } from './AccountMenu';
import { isLanguageWidgetHidden, isLoginHidden, loginShortcut, logoDestination } from './headerRules';
import { LanguageMenu } from './LanguageMenu';
import { Logo } from './Logo';
import { headerMenu } from './menuRules';
import classes from './Header.module.css';

const BurgerMenu = lazy(() => import('./BurgerMenu'));
// The bell is for practice users only (§2.3): patients and visitors never download it.
const NotificationBell = lazy(() =>
  import('./NotificationBell').then((m) => ({ default: m.NotificationBell })),
);
// The role menu bar with its icons: only signed-in users with menu items load it (the patient pages' budget).
const RoleNav = lazy(() => import('./RoleNav').then((m) => ({ default: m.RoleNav })));
const NotificationSidebar = lazy(() => import('../../features/notifications/components/NotificationSidebar'));
// The live badges of practice users: loaded only for them, so patients and visitors never download it.
const NotificationsLive = lazy(() => import('../../features/notifications/components/NotificationsLive'));
const LogoutQueueDialog = lazy(() => import('./LogoutQueueDialog'));

type MenuName = 'burger' | 'language' | 'account' | 'more' | 'notifications';

/** Wider than 1500 px: the 'More' breakpoint of constants.md. */
const WIDE_QUERY = `(min-width: ${BREAKPOINTS.more + 1}px)`;

/**
 * The header of practice-portal.md §2.3: logo, About Us (signed out), For Doctors, the language flags,
 * the bell, the account menu or Login and Sign Up, and on the practice side a row of role links with the
 * 'More' dropdown (app/layout/menuRules.ts decides what shows). Under 1200 px a burger menu repeats the links.
 */
export function Header() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const config = useAppConfig();
  const { reputationEnabled, features } = useHeaderState();
  const wide = useMediaQuery(WIDE_QUERY) ?? false;

  // A menu is open only at the location where it was opened, so every navigation closes all of them
  // ("all header menus reset on every navigation") without an effect.
  const [open, setOpen] = useState<{ name: MenuName; at: string } | null>(null);
  const [loaded, setLoaded] = useState<{ burger: boolean; notifications: boolean }>({
    burger: false,
    notifications: false,
  });
  const isOpen = (name: MenuName) => open?.name === name && open.at === location.key;
  const toggle = (name: MenuName) => (next: boolean) => {
    if (next && (name === 'burger' || name === 'notifications'))
      setLoaded((was) => ({ ...was, [name]: true }));
    setOpen(next ? { name, at: location.key } : null);
  };
  const closeAll = () => setOpen(null);
  // Walk-in queues, requests and notifications are the practice side's: provider, staff, practice admin.
  const practiceUser =
    user?.userId && user.userType !== 'Patient' && hasRole(user, 'provider', 'staff', 'practiceadmin')
      ? user
      : null;

  const place = { pathname: location.pathname, search: location.search };
  const showLogin = !isLoginHidden(place, !!user);
  const showLanguage = !isLanguageWidgetHidden(place);
  const menu = headerMenu({
    user,
    place,
    wide,
    calendarDisabled: config.data?.calendarDisabled ?? false,
    reputationEnabled,
    features,
  });
  const logo = logoDestination(user, place, config.data?.landingEnabled ?? false);

  const onLogo = (event: MouseEvent) => {
    closeAll();
    // The logo resets the booking in progress, and lets its held time go (issue 30 item 3): the release reads
    // the stored selection now, before it is forgotten.
    void releaseStoredHold();
    sessionStorage.removeItem(STORAGE_KEYS.session.slotData);
    sessionStorage.removeItem(STORAGE_KEYS.session.slotInfo);
    if (logo.landing) restoreLanding();
    // Already at '/', a signed-in practice user's page reloads.
    if (user && !hasRole(user, 'patient') && logo.to === '/' && location.pathname === '/') {
      event.preventDefault();
      window.location.reload();
    }
  };
  const onLogin = async () => {
    closeAll();
    clearSlotDataForSignIn();
    const shortcut = loginShortcut(place);
    if (shortcut) return void navigate(shortcut);
    // The identity feature registers the real sign-in (OIDC redirect); until then the login route.
    if (!(await startLogin())) void navigate('/login');
  };
  const onSignUp = () => {
    closeAll();
    clearSlotDataForSignIn();
    void navigate(SIGN_UP_URL);
  };
  // Patients still waiting in a provider's walk-in queue: the dialog of §2.7 asks first (providers only, §6).
  const [queued, setQueued] = useState(0);
  const logOutNow = async () => {
    setQueued(0);
    await logout();
    resetHeaderState();
    void navigate('/');
  };
  const onLogout = async () => {
    closeAll();
    if (user?.userId && hasRole(user, 'provider')) {
      const waiting = await refreshWalkInCount(user.userId);
      if (waiting > 0) return setQueued(waiting);
    }
    await logOutNow();
  };
  const onBell = () => {
    const next = !isOpen('notifications');
    // Opening the panel zeroes the displayed count (practice-portal.md §4.2).
    if (next) setHeaderState({ notificationCount: 0 });
    toggle('notifications')(next);
  };

  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" className={classes.inner}>
        <Anchor
          component={Link}
          to={logo.to}
          onClick={onLogo}
          aria-label={t('header.logo')}
          underline="never"
          className={classes.logo}
        >
          <Logo />
        </Anchor>

        <Group component="nav" aria-label={t('header.mainNav')} gap="lg" visibleFrom="lg" ml={40}>
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
        </Group>

        <Group gap="sm" ml="auto" wrap="nowrap">
          {showLanguage ? (
            // Signed in on a phone, the bar holds the bell, the account and the burger; the burger menu
            // repeats the languages, so the flag widget steps back there to keep the header within the screen.
            <Box visibleFrom={user ? 'xs' : undefined}>
              <LanguageMenu opened={isOpen('language')} onChange={toggle('language')} />
            </Box>
          ) : null}
          {menu.bell ? (
            <Suspense fallback={null}>
              <NotificationBell opened={isOpen('notifications')} onToggle={onBell} />
            </Suspense>
          ) : null}
          {user ? (
            <AccountMenu
              user={user}
              opened={isOpen('account')}
              onChange={toggle('account')}
              onLogout={onLogout}
            />
          ) : (
            <Group gap="xs" visibleFrom="lg" wrap="nowrap">
              {showLogin ? (
                <Button variant="default" onClick={() => void onLogin()}>
                  {t('header.login')}
                </Button>
              ) : null}
              <Button onClick={onSignUp}>{t('header.signUp')}</Button>
            </Group>
          )}
          <Burger
            hiddenFrom="lg"
            opened={isOpen('burger')}
            onClick={() => toggle('burger')(!isOpen('burger'))}
            aria-label={t('header.openMenu')}
            aria-expanded={isOpen('burger')}
            aria-controls="burger-menu"
            size="sm"
          />
        </Group>
      </Container>

      {menu.before.length + menu.after.length > 0 || menu.more ? (
        <Box visibleFrom="lg">
          <Suspense fallback={null}>
            <RoleNav menu={menu} moreOpened={isOpen('more')} onMoreChange={toggle('more')} />
          </Suspense>
        </Box>
      ) : null}

      {loaded.burger ? (
        <Suspense fallback={null}>
          <BurgerMenu
            opened={isOpen('burger')}
            onClose={closeAll}
            user={user}
            menu={menu.burger}
            showLogin={showLogin}
            showLanguage={showLanguage}
            onLogin={() => void onLogin()}
            onSignUp={onSignUp}
            onLogout={() => void onLogout()}
          />
        </Suspense>
      ) : null}
      {queued > 0 ? (
        <Suspense fallback={null}>
          <LogoutQueueDialog count={queued} onLogout={() => void logOutNow()} onStay={() => setQueued(0)} />
        </Suspense>
      ) : null}
      {practiceUser?.userId ? (
        <Suspense fallback={null}>
          <NotificationsLive
            userId={practiceUser.userId}
            userType={practiceUser.userType ?? 'Practitioner'}
          />
        </Suspense>
      ) : null}
      {loaded.notifications && menu.sidebar ? (
        <Suspense fallback={null}>
          <NotificationSidebar opened={isOpen('notifications')} onClose={closeAll} />
        </Suspense>
      ) : null}
    </Box>
  );
}
