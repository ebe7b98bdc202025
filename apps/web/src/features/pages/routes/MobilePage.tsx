import { useEffect } from 'react';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SIGN_UP_URL } from '../../../shared/navigation/productLinks';
import { PATIENT_PORTAL_BASE } from '../../../shared/session/roleHome';
import { useSession } from '../../../shared/session/session';

/**
 * /mobile: the start page the phone apps open (their pages carry no Login button and the logo keeps the
 * landing page off, practice-portal.md §2.3): find a doctor, the patient's appointments, or an account.
 */
export function MobilePage() {
  const { t } = useTranslation('pages');
  const { user } = useSession();
  useEffect(() => {
    document.title = `${t('mobile.title')} | CareSlot`;
  }, [t]);
  return (
    <Container size={480} py={{ base: 32, sm: 56 }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1}>{t('mobile.title')}</Title>
          <Text c="dimmed">{t('mobile.lead')}</Text>
        </Stack>
        <Button
          component={Link}
          to="/provider-search"
          size="lg"
          leftSection={<IconSearch size={20} aria-hidden />}
        >
          {t('mobile.findCare')}
        </Button>
        <Button
          component={Link}
          to={PATIENT_PORTAL_BASE}
          size="lg"
          variant="light"
          leftSection={<IconCalendarEvent size={20} aria-hidden />}
        >
          {t('mobile.appointments')}
        </Button>
        {!user && (
          <Button
            component={Link}
            to={SIGN_UP_URL}
            size="lg"
            variant="default"
            leftSection={<IconUserPlus size={20} aria-hidden />}
          >
            {t('mobile.createAccount')}
          </Button>
        )}
        <Text size="sm" c="dimmed">
          {t('mobile.emergency')}
        </Text>
      </Stack>
    </Container>
  );
}
