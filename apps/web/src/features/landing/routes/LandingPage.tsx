import { useState, type ReactNode } from 'react';
import { Anchor, Burger, Button, Container, Group, Text, Title } from '@mantine/core';
import { IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { LANDING_SECTIONS, type LandingSection } from '@careslot/contracts';
import { PRIVACY_POLICY_URL, TERMS_OF_USE_URL } from '../../../shared/navigation/productLinks';
import { DemoForm } from '../components/DemoForm';
import { HeroVideo } from '../components/HeroVideo';
import {
  CheckInIllustration,
  ContinuedCareIllustration,
  MessengerIllustration,
  PaymentsIllustration,
  ReputationIllustration,
  SchedulingIllustration,
  SurveysIllustration,
  TelemedicineIllustration,
} from '../components/Illustrations';
import { SECTION_INTEREST, sectionFromSearch } from '../sections';
import { useFullPageScroll } from '../useFullPageScroll';
import classes from './LandingPage.module.css';

interface Feature {
  section: Exclude<LandingSection, 'home' | 'request-demo'>;
  /** Translation group of the section's copy. */
  copy: string;
  points: string[];
  Illustration: (props: { label: string }) => ReactNode;
  figures?: { value: string; key: string }[];
}

const FEATURES: Feature[] = [
  {
    section: 'reputation-management',
    copy: 'reputation',
    points: ['listings', 'reach', 'marketplace', 'automation'],
    Illustration: ReputationIllustration,
    figures: [
      { value: '200+', key: 'sites' },
      { value: '75', key: 'directories' },
      { value: '20M', key: 'consumers' },
    ],
  },
  {
    section: 'messenger',
    copy: 'messenger',
    points: ['inbox', 'reminders', 'team'],
    Illustration: MessengerIllustration,
  },
  {
    section: 'online-scheduling',
    copy: 'scheduling',
    points: ['always', 'checks', 'copays', 'confirm'],
    Illustration: SchedulingIllustration,
  },
  {
    section: 'digital-check-in',
    copy: 'checkin',
    points: ['forms', 'insurance', 'queue'],
    Illustration: CheckInIllustration,
  },
  {
    section: 'telemedicine',
    copy: 'telemedicine',
    points: ['noApp', 'privacy', 'ehr'],
    Illustration: TelemedicineIllustration,
  },
  {
    section: 'patient-surveys',
    copy: 'surveys',
    points: ['automated', 'alerts', 'trends'],
    Illustration: SurveysIllustration,
  },
  {
    section: 'payments',
    copy: 'payments',
    points: ['previsit', 'cardOnFile', 'posting'],
    Illustration: PaymentsIllustration,
  },
  {
    section: 'continued-care',
    copy: 'care',
    points: ['outreach', 'recall', 'programs'],
    Illustration: ContinuedCareIllustration,
    figures: [
      { value: '80%', key: 'online' },
      { value: '85%', key: 'reminders' },
      { value: '100,000', key: 'deaths' },
    ],
  },
];

const number = (section: LandingSection) => LANDING_SECTIONS.indexOf(section) + 1;
const pad = (n: number) => String(n).padStart(2, '0');

export interface LandingPageProps {
  /** The header's language widget and its flat variant for the menu (they live in the app layout). */
  languageMenu: ReactNode;
  languageGrid: ReactNode;
  supportEmail: string;
  /** 'Find a Top Doctor' clears the landing state before going to the home page. */
  onFindDoctor: () => void;
}

/** The marketing landing page for doctors (practice-portal.md §2.14, §4.10). */
export function LandingPage({ languageMenu, languageGrid, supportEmail, onFindDoctor }: LandingPageProps) {
  const { t } = useTranslation('landing');
  const { search } = useLocation();
  const navigate = useNavigate();
  const { active, animating, goTo } = useFullPageScroll(search);
  const [menuOpen, setMenuOpen] = useState(false);
  const source = new URLSearchParams(search).get('utm_source');
  const [initialInterest] = useState(() => SECTION_INTEREST[sectionFromSearch(search) ?? 'home'] ?? null);

  const open = (section: LandingSection) => (event: React.MouseEvent) => {
    event.preventDefault();
    setMenuOpen(false);
    goTo(section, { focus: true });
  };
  const findDoctor = (event: React.MouseEvent) => {
    event.preventDefault();
    setMenuOpen(false);
    onFindDoctor();
    void navigate('/');
  };

  return (
    <div className={classes.page} data-scrolling={animating || undefined}>
      <title>{t('title')}</title>

      <header className={classes.bar}>
        <Container size="xl" className={classes.barInner}>
          <a
            href="?section=home"
            onClick={open('home')}
            className={classes.brand}
            aria-label={t('sections.home')}
          >
            <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden>
              <rect width="32" height="32" rx="9" fill="#0b7a74" />
              <path
                d="M9 16.5l4.5 4.5L23 11.5"
                stroke="#fff"
                strokeWidth="3.2"
                fill="none"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <span>CareSlot</span>
            <span className={classes.brandTag}>{t('nav.label')}</span>
          </a>
          <Group
            component="nav"
            aria-label={t('nav.label')}
            gap="lg"
            visibleFrom="lg"
            ml="auto"
            wrap="nowrap"
          >
            <Anchor href="/" onClick={findDoctor} className={classes.barLink}>
              {t('nav.findDoctor')}
            </Anchor>
            <Anchor component={Link} to="/login" className={classes.barLink}>
              {t('nav.login')}
            </Anchor>
          </Group>
          <Group gap="sm" ml={{ base: 'auto', lg: 'lg' }} wrap="nowrap">
            {languageMenu}
            <Button
              component="a"
              href="?section=request-demo"
              onClick={open('request-demo')}
              visibleFrom="sm"
            >
              {t('nav.requestDemo')}
            </Button>
            <Burger
              hiddenFrom="lg"
              opened={menuOpen}
              onClick={() => setMenuOpen((o) => !o)}
              aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
              aria-expanded={menuOpen}
              aria-controls="landing-menu"
              size="sm"
            />
          </Group>
        </Container>
        {menuOpen ? (
          <>
            <div className={classes.backdrop} onClick={() => setMenuOpen(false)} aria-hidden />
            <nav id="landing-menu" className={classes.menu} aria-label={t('nav.sections')}>
              <ol className={classes.menuList}>
                {LANDING_SECTIONS.map((section) => (
                  <li key={section}>
                    <a
                      href={`?section=${section}`}
                      onClick={open(section)}
                      aria-current={active === section ? 'step' : undefined}
                    >
                      <span className={classes.menuNumber}>{pad(number(section))}</span>
                      {t(`sections.${section}`)}
                    </a>
                  </li>
                ))}
              </ol>
              <div className={classes.menuLinks}>
                <Anchor href="/" onClick={findDoctor} fw={600}>
                  {t('nav.findDoctor')}
                </Anchor>
                <Anchor component={Link} to="/login" fw={600}>
                  {t('nav.login')}
                </Anchor>
              </div>
              {languageGrid}
            </nav>
          </>
        ) : null}
      </header>

      <nav className={classes.dots} aria-label={t('nav.dots')}>
        <ol>
          {LANDING_SECTIONS.map((section) => (
            <li key={section}>
              <a
                href={`?section=${section}`}
                onClick={open(section)}
                aria-current={active === section ? 'step' : undefined}
                aria-label={t('nav.goTo', { number: number(section), name: t(`sections.${section}`) })}
                className={classes.dot}
              >
                <span className={classes.dotLabel} aria-hidden>
                  {t(`sections.${section}`)}
                </span>
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <section
        id="home"
        className={`${classes.section} ${classes.hero}`}
        aria-labelledby="home-heading"
        tabIndex={-1}
      >
        <Container size="xl" className={classes.split}>
          <div className={classes.heroText}>
            <Title order={1} id="home-heading" className={classes.heroTitle}>
              {t('hero.heading')}
            </Title>
            <p className={classes.heroSubtitle}>{t('hero.subheading')}</p>
            <Text className={classes.heroLead}>{t('hero.lead')}</Text>
            <Group gap="sm" mt="xl">
              <Button
                size="lg"
                component="a"
                href="?section=request-demo"
                onClick={open('request-demo')}
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                {t('hero.cta')}
              </Button>
              <Button
                size="lg"
                variant="white"
                component="a"
                href="?section=reputation-management"
                onClick={open('reputation-management')}
              >
                {t('hero.explore')}
              </Button>
            </Group>
          </div>
          <HeroVideo />
        </Container>
      </section>

      {FEATURES.map(({ section, copy, points, Illustration, figures }, index) => (
        <section
          key={section}
          id={section}
          className={classes.section}
          data-tone={index % 2 ? 'tint' : undefined}
          aria-labelledby={`${section}-heading`}
          tabIndex={-1}
        >
          <Container size="xl" className={classes.split} data-flip={index % 2 ? true : undefined}>
            <div className={classes.copy}>
              <Text className={classes.eyebrow}>
                <span aria-hidden>{pad(number(section))} · </span>
                {t(`sections.${section}`)}
              </Text>
              <Title order={2} id={`${section}-heading`} className={classes.heading}>
                {t(`${copy}.heading`)}
              </Title>
              <Text className={classes.lead}>{t(`${copy}.lead`)}</Text>
              <ul className={classes.points}>
                {points.map((point) => (
                  <li key={point}>
                    <IconCheck size={18} aria-hidden className={classes.pointIcon} />
                    {t(`${copy}.points.${point}`)}
                  </li>
                ))}
              </ul>
              {figures ? (
                <dl className={classes.figures}>
                  {figures.map((figure) => (
                    <div key={figure.key}>
                      <dt>{figure.value}</dt>
                      <dd>{t(`${copy}.figures.${figure.key}`)}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
            </div>
            <div className={classes.art}>
              <Illustration label={t(`${copy}.illustration`)} />
            </div>
          </Container>
        </section>
      ))}

      <section
        id="request-demo"
        className={`${classes.section} ${classes.demo}`}
        aria-labelledby="request-demo-heading"
        tabIndex={-1}
      >
        <Container size="xl" className={classes.split}>
          <div className={classes.copy}>
            <Text className={classes.eyebrowLight}>
              <span aria-hidden>10 · </span>
              {t('sections.request-demo')}
            </Text>
            <Title order={2} id="request-demo-heading" className={classes.demoHeading}>
              {t('demo.heading')}
            </Title>
            <Text className={classes.demoLead}>{t('demo.lead')}</Text>
          </div>
          <DemoForm source={source} initialInterest={initialInterest} />
        </Container>
        <footer className={classes.footer} aria-label={t('footer.label')}>
          <Container size="xl" className={classes.footerInner}>
            <Text size="sm">{t('footer.copyright', { year: new Date().getFullYear() })}</Text>
            <Group gap="md" component="ul" className={classes.footerLinks}>
              <li>
                <Anchor component={Link} to={TERMS_OF_USE_URL} size="sm" c="white">
                  {t('footer.terms')}
                </Anchor>
              </li>
              <li>
                <Anchor component={Link} to={PRIVACY_POLICY_URL} size="sm" c="white">
                  {t('footer.privacy')}
                </Anchor>
              </li>
            </Group>
            <address className={classes.address}>
              <span>{t('footer.address')}</span>
              <span>
                {t('footer.contact')}{' '}
                <Anchor href={`mailto:${supportEmail}`} size="sm" c="white" td="underline">
                  {supportEmail}
                </Anchor>
              </span>
            </address>
          </Container>
        </footer>
      </section>
    </div>
  );
}
