import { useState } from 'react';
import {
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowRight,
  IconBuildingHospital,
  IconCalendarCheck,
  IconCertificate,
  IconExternalLink,
  IconMapPinHeart,
  IconShieldCheck,
  IconVaccine,
  IconVideo,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  LIST_PRACTICE_URL,
  VACCINE_FINDER_URL,
  VACCINE_PASSPORT_URL,
} from '../../../shared/navigation/productLinks';
import { loadFilterState } from '../../../shared/search/filterSession';
import { localIsoDate, providerSearchUrl } from '../../../shared/search/providerSearchUrl';
import { SearchFilter, type FilterValues } from '../../../shared/search/SearchFilter';
import { logout } from '../../../shared/session/authActions';
import { HeroIllustration, VideoVisitIllustration } from '../components/Illustrations';
import { TileCarousel } from '../components/TileCarousel';
import { CONDITIONS, seeDoctorNowUrl, SPECIALTY_TILES, tileSearchUrl, type Tile } from '../tiles';
import classes from './HomePage.module.css';

type TabName = 'specialties' | 'conditions';

const EMPTY_FILTER: Omit<FilterValues, 'date'> = {
  specialties: [],
  condition: null,
  textField: null,
  zipCode: null,
  insuranceName: null,
  insurancePlanName: null,
};

/** The patient home page (patient-booking.md §2.3). */
export function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  const navigate = useNavigate();
  const [tab, setTab] = useState<TabName>('specialties');
  const today = localIsoDate();
  const [leaving, setLeaving] = useState(false);
  // The filter starts from what this tab searched last (provider_search_state).
  const [initialFilter] = useState<FilterValues>(() => {
    const stored = loadFilterState();
    return {
      ...EMPTY_FILTER,
      specialties: stored?.specialty ? [stored.specialty] : [],
      condition: stored?.specialty ? null : (stored?.condition ?? null),
      insuranceName: stored?.insuranceName ?? null,
      insurancePlanName: stored?.insuranceName ? (stored.insurancePlanName ?? null) : null,
      date: today,
    };
  });

  const labelFor = (tile: Tile) =>
    tile.kind === 'specialty' ? t(`common:specialties.${tile.key}`) : t(`home:conditions.${tile.key}`);
  const hrefFor = (tile: Tile) => tileSearchUrl(tile, today);

  // The passport is issued to the account that booked the vaccination, so whoever is signed in leaves first.
  const openPassport = async () => {
    setLeaving(true);
    try {
      await logout();
      await navigate(VACCINE_PASSPORT_URL);
    } finally {
      setLeaving(false);
    }
  };

  return (
    <>
      <title>{t('home:title')}</title>

      <Box component="section" className={classes.hero} aria-labelledby="home-heading">
        <Container size="xl" className={classes.heroInner}>
          <div className={classes.heroText}>
            <hgroup className={classes.heroHeadings}>
              <Title order={1} id="home-heading" className={classes.heroTitle}>
                {t('home:hero.heading')}
              </Title>
              <p className={classes.heroSubtitle}>{t('home:hero.subheading')}</p>
            </hgroup>
            <Text className={classes.heroLead}>{t('home:hero.lead')}</Text>
            <div className={classes.filter}>
              <SearchFilter
                variant="home"
                initial={initialFilter}
                today={today}
                onSearch={(values) =>
                  void navigate(
                    providerSearchUrl({
                      specialties: values.specialties,
                      condition: values.condition ?? undefined,
                      textField: values.textField,
                      insuranceName: values.insuranceName,
                      insurancePlanName: values.insurancePlanName,
                      zipCode: values.zipCode,
                      date: values.date,
                    }),
                  )
                }
              />
            </div>
            <Group gap="sm" className={classes.points} component="ul">
              <li>
                <IconCalendarCheck size={20} aria-hidden />
                {t('home:hero.points.book')}
              </li>
              <li>
                <IconCertificate size={20} aria-hidden />
                {t('home:hero.points.verified')}
              </li>
              <li>
                <IconVideo size={20} aria-hidden />
                {t('home:hero.points.video')}
              </li>
            </Group>
          </div>
          <div className={classes.heroArt}>
            <HeroIllustration title={t('home:hero.illustration')} />
          </div>
        </Container>
      </Box>

      <Container size="xl" component="section" aria-labelledby="browse-heading" className={classes.section}>
        <Stack gap={6} mb="xl">
          <Title order={2} id="browse-heading" className={classes.sectionTitle}>
            {t('home:browse.heading')}
          </Title>
          <Text c="dimmed">{t('home:browse.lead')}</Text>
        </Stack>
        <Tabs
          value={tab}
          onChange={(value) => setTab(value === 'conditions' ? 'conditions' : 'specialties')}
          variant="pills"
          radius="xl"
          keepMounted={false}
        >
          <Tabs.List mb="lg" className={classes.tabs}>
            <Tabs.Tab value="specialties">{t('home:browse.tabs.specialties')}</Tabs.Tab>
            <Tabs.Tab value="conditions">{t('home:browse.tabs.conditions')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="specialties">
            <TileCarousel
              tiles={SPECIALTY_TILES}
              label={t('home:browse.tabs.specialties')}
              labelFor={labelFor}
              hrefFor={hrefFor}
            />
          </Tabs.Panel>
          <Tabs.Panel value="conditions">
            <TileCarousel
              tiles={CONDITIONS}
              label={t('home:browse.tabs.conditions')}
              labelFor={labelFor}
              hrefFor={hrefFor}
            />
          </Tabs.Panel>
        </Tabs>
      </Container>

      <Container size="xl" className={classes.section} pt={0}>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
          <Paper component="section" aria-labelledby="see-now-heading" radius="xl" className={classes.seeNow}>
            <div className={classes.seeNowText}>
              <ThemeIcon size={44} radius="xl" variant="white" color="brand" aria-hidden>
                <IconVideo size={24} />
              </ThemeIcon>
              <Title order={2} id="see-now-heading" className={classes.cardTitle}>
                {t('home:seeNow.heading')}
              </Title>
              <Text className={classes.seeNowCopy}>{t('home:seeNow.text')}</Text>
              <Button
                component={Link}
                to={seeDoctorNowUrl(today)}
                size="md"
                variant="white"
                color="brand"
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                {t('home:seeNow.action')}
              </Button>
            </div>
            <div className={classes.seeNowArt}>
              <VideoVisitIllustration title={t('home:seeNow.illustration')} />
            </div>
          </Paper>

          <Paper
            component="section"
            aria-labelledby="vaccines-heading"
            radius="xl"
            withBorder
            className={classes.vaccines}
          >
            <Title order={2} id="vaccines-heading" className={classes.cardTitle}>
              {t('home:vaccines.heading')}
            </Title>
            <Text c="dimmed" mb="lg">
              {t('home:vaccines.lead')}
            </Text>
            <Stack gap="md">
              <div className={classes.vaccineRow}>
                <ThemeIcon size={48} radius="md" variant="light" color="grape" aria-hidden>
                  <IconShieldCheck size={26} />
                </ThemeIcon>
                <div className={classes.vaccineText}>
                  <Title order={3} size="h5">
                    {t('home:vaccines.passport.title')}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t('home:vaccines.passport.text')}
                  </Text>
                </div>
                <Button
                  variant="light"
                  color="grape"
                  onClick={() => void openPassport()}
                  loading={leaving}
                  className={classes.vaccineAction}
                >
                  {t('home:vaccines.passport.action')}
                </Button>
              </div>
              <div className={classes.vaccineRow}>
                <ThemeIcon size={48} radius="md" variant="light" color="blue" aria-hidden>
                  <IconVaccine size={26} />
                </ThemeIcon>
                <div className={classes.vaccineText}>
                  <Title order={3} size="h5">
                    {t('home:vaccines.finder.title')}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t('home:vaccines.finder.text')}
                  </Text>
                </div>
                <Button
                  component="a"
                  href={VACCINE_FINDER_URL}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="light"
                  color="blue"
                  rightSection={<IconExternalLink size={16} aria-hidden />}
                  className={classes.vaccineAction}
                >
                  {t('home:vaccines.finder.action')}
                  <span className={classes.srOnly}> {t('home:vaccines.finder.newTab')}</span>
                </Button>
              </div>
            </Stack>
          </Paper>
        </SimpleGrid>
      </Container>

      <Box component="section" aria-labelledby="practice-heading" className={classes.practice}>
        <Container size="xl" className={classes.practiceInner}>
          <ThemeIcon
            size={72}
            radius="xl"
            variant="white"
            color="brand"
            aria-hidden
            className={classes.practiceIcon}
          >
            <IconBuildingHospital size={38} />
          </ThemeIcon>
          <div className={classes.practiceText}>
            <Title order={2} id="practice-heading" className={classes.practiceTitle}>
              {t('home:practice.heading')}
            </Title>
            <Text className={classes.practiceCopy}>{t('home:practice.text')}</Text>
          </div>
          <Anchor
            component={Link}
            to={LIST_PRACTICE_URL}
            className={classes.practiceAction}
            underline="never"
          >
            <IconMapPinHeart size={20} aria-hidden />
            {t('home:practice.action')}
          </Anchor>
        </Container>
      </Box>
    </>
  );
}
