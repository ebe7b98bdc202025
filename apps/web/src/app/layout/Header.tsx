import { lazy, Suspense, useState } from 'react';
import { Anchor, Box, Burger, Button, Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { STORAGE_KEYS } from '@careslot/contracts';
import { ABOUT_US_URL, FOR_DOCTORS_URL, SIGN_UP_URL } from '../../shared/navigation/productLinks';
import { logout, startLogin } from '../../shared/session/authActions';
import { useSession } from '../../shared/session/session';
import { AccountMenu } from './AccountMenu';
import { isLanguageWidgetHidden, isLoginHidden, loginShortcut, logoTarget } from './headerRules';
import { LanguageMenu } from './LanguageMenu';
import { Logo } from './Logo';
import classes from './Header.module.css';

const BurgerMenu = lazy(() => import('./BurgerMenu'));

type MenuName = 'burger' | 'language' | 'account';

/**
 * The header of practice-portal.md §2.3 for what exists so far: logo, About Us, For Doctors, the language
 * widget, Login and Sign Up, or the account menu of a signed-in user; under 1200 px a burger menu repeats
 * the links. Role menus and the notification bell come with the practice portal.
 */
export function Header() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();

  // A menu is open only at the location where it was opened, so every navigation closes all of them
  // ("all header menus reset on every navigation") without an effect.
  const [open, setOpen] = useState<{ name: MenuName; at: string } | null>(null);
  const [burgerLoaded, setBurgerLoaded] = useState(false);
  const isOpen = (name: MenuName) => open?.name === name && open.at === location.key;
  const toggle = (name: MenuName) => (next: boolean) => {
    if (name === 'burger' && next) setBurgerLoaded(true);
    setOpen(next ? { name, at: location.key } : null);
  };
  const closeAll = () => setOpen(null);

  const place = { pathname: location.pathname, search: location.search };
  const showLogin = !isLoginHidden(place, !!user);
  const showLanguage = !isLanguageWidgetHidden(place);

  const onLogin = async () => {
    closeAll();
    sessionStorage.removeItem(STORAGE_KEYS.session.slotData);
    const shortcut = loginShortcut(place);
    if (shortcut) return void navigate(shortcut);
    // The identity feature registers the real sign-in (OIDC redirect); until then the login route.
    if (!(await startLogin())) void navigate('/login');
  };
  const onSignUp = () => {
    closeAll();
    sessionStorage.removeItem(STORAGE_KEYS.session.slotData);
    void navigate(SIGN_UP_URL);
  };
  const onLogout = async () => {
    closeAll();
    await logout();
    void navigate('/');
  };

  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" className={classes.inner}>
        <Anchor component={Link} to={logoTarget(user)} aria-label={t('header.logo')} underline="never" className={classes.logo}>
          <Logo />
        </Anchor>

        <Group component="nav" aria-label={t('header.mainNav')} gap="lg" visibleFrom="lg" ml={40}>
          <Anchor component={Link} to={ABOUT_US_URL} className={classes.navLink}>
            {t('header.aboutUs')}
          </Anchor>
          <Anchor component={Link} to={FOR_DOCTORS_URL} className={classes.navLink}>
            {t('header.forDoctors')}
          </Anchor>
        </Group>

        <Group gap="sm" ml="auto" wrap="nowrap">
          {showLanguage ? <LanguageMenu opened={isOpen('language')} onChange={toggle('language')} /> : null}
          {user ? (
            <AccountMenu user={user} opened={isOpen('account')} onChange={toggle('account')} onLogout={onLogout} />
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

      {burgerLoaded ? (
        <Suspense fallback={null}>
          <BurgerMenu
            opened={isOpen('burger')}
            onClose={closeAll}
            user={user}
            showLogin={showLogin}
            showLanguage={showLanguage}
            onLogin={() => void onLogin()}
            onSignUp={onSignUp}
            onLogout={() => void onLogout()}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
