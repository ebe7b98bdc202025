import { ActionIcon, Anchor, Box, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowUp,
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandX,
  IconMail,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGING } from '@careslot/contracts';
import { useAppConfig } from '../../shared/config/appConfig';
import {
  ABOUT_US_URL,
  LIST_PRACTICE_URL,
  PRIVACY_POLICY_URL,
  TERMS_OF_USE_URL,
} from '../../shared/navigation/productLinks';
import { localIsoDate, providerSearchUrl } from '../../shared/search/providerSearchUrl';
import { FEATURED_SPECIALTIES } from '../../shared/search/specialties';
import { Logo } from './Logo';
import classes from './Footer.module.css';

/** The product's social media accounts (the spec names the links but not the accounts). */
const SOCIAL_LINKS = [
  { network: 'Facebook', href: 'https://www.facebook.com/careslot', Icon: IconBrandFacebook },
  { network: 'X', href: 'https://x.com/careslot', Icon: IconBrandX },
  { network: 'LinkedIn', href: 'https://www.linkedin.com/company/careslot', Icon: IconBrandLinkedin },
  { network: 'Instagram', href: 'https://www.instagram.com/careslot', Icon: IconBrandInstagram },
] as const;

/**
 * The footer of practice-portal.md §2.15 and patient-booking.md §2.3: back to top, Home, About us, the
 * specialty links, the practice listing, Terms of Use, Privacy Policy, social links, the support e-mail
 * and the current year.
 */
export function Footer() {
  const { t } = useTranslation();
  const { data: config } = useAppConfig();
  const today = localIsoDate();
  // The footer's search asks for 15 results and leaves walk-in tele visits off (patient-booking.md §2.3).
  const searchBySpecialty = providerSearchUrl({
    date: today,
    walkInTeleVisitEnabled: false,
    pageNo: 1,
    pageSize: PAGING.providerListPage,
  });

  const backToTop = () => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    // Keyboard and screen-reader users land at the top too, not only the viewport.
    document.getElementById('top')?.focus({ preventScroll: true });
  };

  return (
    <Box component="footer" className={classes.footer}>
      <Container size="xl" py={56}>
        <Group justify="space-between" align="flex-start" mb={40} wrap="nowrap">
          <Stack gap="md" maw={360}>
            <Anchor
              component={Link}
              to="/"
              aria-label={t('header.logo')}
              underline="never"
              className={classes.brandLink}
            >
              <Logo inverse />
            </Anchor>
            <Text className={classes.muted}>{t('footer.tagline')}</Text>
          </Stack>
          <ActionIcon
            onClick={backToTop}
            size={44}
            radius="xl"
            variant="white"
            color="ink"
            aria-label={t('footer.backToTop')}
            title={t('footer.backToTop')}
          >
            <IconArrowUp size={20} aria-hidden />
          </ActionIcon>
        </Group>

        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing={{ base: 32, md: 48 }}>
          <nav aria-labelledby="footer-find-care">
            <Title order={2} id="footer-find-care" className={classes.heading}>
              {t('footer.findCare')}
            </Title>
            <ul className={classes.list}>
              {FEATURED_SPECIALTIES.map((specialty) => (
                <li key={specialty.key}>
                  <Anchor
                    component={Link}
                    to={providerSearchUrl({ specialties: [specialty.value], date: today })}
                    className={classes.link}
                  >
                    {t(`specialties.${specialty.key}`)}
                  </Anchor>
                </li>
              ))}
              <li>
                <Anchor component={Link} to={searchBySpecialty} className={classes.linkStrong}>
                  {t('footer.searchBySpecialty')}
                </Anchor>
              </li>
            </ul>
          </nav>

          <nav aria-labelledby="footer-company">
            <Title order={2} id="footer-company" className={classes.heading}>
              {t('footer.company')}
            </Title>
            <ul className={classes.list}>
              <li>
                <Anchor component={Link} to="/" className={classes.link}>
                  {t('footer.home')}
                </Anchor>
              </li>
              <li>
                <Anchor component={Link} to={ABOUT_US_URL} className={classes.link}>
                  {t('footer.aboutUs')}
                </Anchor>
              </li>
              <li>
                <Anchor component={Link} to={LIST_PRACTICE_URL} className={classes.link}>
                  {t('footer.listPractice')}
                </Anchor>
              </li>
            </ul>
          </nav>

          <nav aria-labelledby="footer-legal">
            <Title order={2} id="footer-legal" className={classes.heading}>
              {t('footer.legal')}
            </Title>
            <ul className={classes.list}>
              <li>
                <Anchor component={Link} to={TERMS_OF_USE_URL} className={classes.link}>
                  {t('footer.termsOfUse')}
                </Anchor>
              </li>
              <li>
                <Anchor component={Link} to={PRIVACY_POLICY_URL} className={classes.link}>
                  {t('footer.privacyPolicy')}
                </Anchor>
              </li>
            </ul>
          </nav>

          <div>
            <Title order={2} className={classes.heading}>
              {t('footer.support')}
            </Title>
            <Stack gap="lg">
              {config?.supportEmail ? (
                <Stack gap={4}>
                  <Text size="sm" className={classes.muted}>
                    {t('footer.supportText')}
                  </Text>
                  <Anchor
                    href={`mailto:${config.supportEmail}`}
                    className={`${classes.linkStrong} ${classes.email}`}
                  >
                    <IconMail size={16} aria-hidden className={classes.emailIcon} />
                    {config.supportEmail}
                  </Anchor>
                </Stack>
              ) : null}
              <div>
                <Text size="sm" className={classes.muted} mb={8}>
                  {t('footer.social')}
                </Text>
                <Group gap="xs">
                  {SOCIAL_LINKS.map(({ network, href, Icon }) => (
                    <ActionIcon
                      key={network}
                      component="a"
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      size={40}
                      radius="xl"
                      variant="subtle"
                      className={classes.social}
                      aria-label={t('footer.socialLink', { network })}
                    >
                      <Icon size={20} aria-hidden />
                    </ActionIcon>
                  ))}
                </Group>
              </div>
            </Stack>
          </div>
        </SimpleGrid>
      </Container>
      <div className={classes.bottom}>
        <Container size="xl" py="lg">
          <Group justify="space-between" gap="sm">
            <Text size="sm" className={classes.muted}>
              {t('footer.copyright', { year: new Date().getFullYear() })}
            </Text>
            <Text size="sm" className={classes.muted}>
              {t('footer.emergency')}
            </Text>
          </Group>
        </Container>
      </div>
    </Box>
  );
}
