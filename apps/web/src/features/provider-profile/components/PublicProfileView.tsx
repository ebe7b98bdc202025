import { lazy, Suspense } from 'react';
import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PageProfileEntityType } from '@careslot/contracts';
import { ApiError } from '../../../shared/api/client';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { usePublicProfile } from '../api/pageProfile';
import { ProfileHeader } from './ProfileHeader';
import classes from './PublicProfileView.module.css';
import { AboutSection, InsurancesSection, LocationsSection, SuggestedSection } from './ProfileSections';

// The booking card (slot calendar, date-fns, selects): loading starts with this page, alongside the profile
// request, so the first paint does not wait for it (docs/performance.md).
const profileBooking = import('./ProfileBooking');
const ProfileBooking = lazy(() => profileBooking.then((m) => ({ default: m.ProfileBooking })));

/**
 * A public profile page (patient-booking.md §3.3, practice-portal.md §3.4): a provider's, a practice's or a
 * healthcare service's. An unpublished profile, or a provider who hides their public profile, is not found.
 */
export function PublicProfileView({
  entityType,
  address,
}: {
  entityType: PageProfileEntityType;
  address: string;
}) {
  const { t } = useTranslation('providerProfile');
  const profile = usePublicProfile(entityType, address);
  const notFound =
    !profile.valid || (profile.isError && profile.error instanceof ApiError && profile.error.status === 404);

  if (notFound || profile.isError) {
    return (
      <Container size="md" py="xl">
        <title>{t('notFoundTitle')}</title>
        <Title order={1} fz={24} mb="sm">
          {entityType === 'Provider' ? t('notFound') : t('notFoundPractice')}
        </Title>
        {notFound ? null : <Text role="alert">{t('loadFailed')}</Text>}
      </Container>
    );
  }
  if (!profile.data) return <LoadingSpinner />;
  const data = profile.data;
  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      <title>{t('pageTitle', { name: data.Name })}</title>
      <Stack gap="lg">
        <ProfileHeader profile={data} />
        <div className={classes.layout}>
          <div className={classes.booking}>
            <Suspense fallback={<LoadingSpinner />}>
              <ProfileBooking profile={data} />
            </Suspense>
          </div>
          <Stack gap="lg" className={classes.details}>
            <AboutSection profile={data} />
            <LocationsSection profile={data} />
            <InsurancesSection profile={data} />
          </Stack>
        </div>
        <SuggestedSection profile={data} />
      </Stack>
    </Container>
  );
}
