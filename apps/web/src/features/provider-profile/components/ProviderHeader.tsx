import { Avatar, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Practitioner } from '@careslot/contracts';
import type { ProfilePlace } from '../api/providerProfile';
import { addressLines, practitionerDisplayName } from '../profileText';

const FALLBACK_PHOTO: Record<string, string> = {
  Female: '/avatars/avatar-female.svg',
  Male: '/avatars/avatar-male.svg',
};

/** Photo, name, specialty, practice and the facility's address. */
export function ProviderHeader({
  practitioner,
  place,
}: {
  practitioner: Practitioner;
  place: ProfilePlace | null;
}) {
  const { t } = useTranslation('providerProfile');
  const name = practitionerDisplayName(practitioner);
  const photo =
    practitioner.Photos[0]?.Url ?? FALLBACK_PHOTO[practitioner.Gender ?? ''] ?? '/avatars/avatar-unknown.svg';
  return (
    <Group align="flex-start" gap="lg" wrap="nowrap">
      <Avatar src={photo} alt={t('photoOf', { name })} size={96} radius={96} />
      <Stack gap={6} miw={0}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {name}
        </Title>
        <Group gap={6}>
          {practitioner.Specialities.slice(0, 3).map((s) => (
            <Badge key={s.Id} variant="light" radius="sm" tt="none">
              {s.Name}
            </Badge>
          ))}
        </Group>
        {place?.organization ? (
          <Text fw={600} c="dark.6">
            {place.organization.Name}
          </Text>
        ) : null}
        {place?.location ? (
          <Group gap={6} align="flex-start" wrap="nowrap">
            <IconMapPin size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm" c="dimmed" component="address" fs="normal">
              {place.location.Name}
              {addressLines(place.location).map((line) => (
                <span key={line}>
                  <br />
                  {line}
                </span>
              ))}
            </Text>
          </Group>
        ) : null}
      </Stack>
    </Group>
  );
}
