import { Anchor, Avatar, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuildingHospital } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageProfile } from '@careslot/contracts';
import { useCatalogNames } from '../../../shared/i18n/catalogNames';

const FALLBACK_PHOTO: Record<PageProfile['Entity']['Type'], string> = {
  Provider: '/avatars/avatar-unknown.svg',
  Organization: '/avatars/practice-unknown.svg',
  HealthCareService: '/avatars/practice-unknown.svg',
};

/** Photo, name (with its prefix and suffix), title, specialties when shown, the practice and the visit types. */
export function ProfileHeader({ profile }: { profile: PageProfile }) {
  const { t } = useTranslation('providerProfile');
  const { t: tf } = useTranslation('findCare');
  const catalog = useCatalogNames();
  const type = profile.Entity.Type;
  const practice = profile.Organization;
  const phone = useMediaQuery('(max-width: 767px)') ?? false;
  const size = phone ? 72 : 112;
  return (
    <Group align="flex-start" gap="lg" wrap="nowrap">
      <Avatar
        src={profile.ProfilePicture ?? FALLBACK_PHOTO[type]}
        alt={t('photoOf', { name: profile.Name })}
        size={size}
        radius={type === 'Provider' ? size : 'lg'}
        color="brand"
      />
      <Stack gap={6} miw={0}>
        <Title order={1} fz={{ base: 24, sm: 32 }} lh={1.2}>
          {profile.Name}
        </Title>
        {profile.Title ? (
          <Text fw={600} c="brand.7">
            {type === 'HealthCareService'
              ? profile.Title
              : profile.Specialities[0]
                ? catalog.specialty(profile.Specialities[0].Name)
                : profile.Title}
          </Text>
        ) : null}
        {profile.Specialities.length > 1 || (type === 'Organization' && profile.Specialities.length > 0) ? (
          <Group gap={6} aria-label={t('sections.specialties')} role="list">
            {profile.Specialities.slice(0, 8).map((s) => (
              <Badge key={s.Id} variant="light" radius="sm" tt="none" role="listitem">
                {catalog.specialty(s.Name)}
              </Badge>
            ))}
            {profile.Specialities.length > 8 ? (
              <Badge variant="outline" radius="sm" tt="none" role="listitem">
                {t('moreCount', { count: profile.Specialities.length - 8 })}
              </Badge>
            ) : null}
          </Group>
        ) : null}
        {practice && type !== 'Organization' ? (
          <Group gap={6} wrap="nowrap">
            <IconBuildingHospital size={18} aria-hidden style={{ flexShrink: 0 }} />
            {practice.NameIdentity ? (
              <Anchor component={Link} to={`/practice/${practice.NameIdentity}`} fw={600}>
                {practice.Name}
              </Anchor>
            ) : (
              <Text fw={600}>{practice.Name}</Text>
            )}
          </Group>
        ) : null}
        {type !== 'Organization' ? (
          <Group gap={6}>
            {profile.VisitTypes.map((visit) => (
              <Badge
                key={visit}
                variant="dot"
                color={visit === 'TeleHealth' ? 'grape' : visit === 'Walk-In' ? 'orange' : 'brand'}
                radius="sm"
                tt="none"
              >
                {tf(`visitTypes.${visit}`)}
              </Badge>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Group>
  );
}
