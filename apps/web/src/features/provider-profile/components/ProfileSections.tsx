import { Anchor, Avatar, Card, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconMapPin, IconPhone, IconShieldCheck } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageProfile } from '@careslot/contracts';
import { addressLines, telHref } from '../profileText';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} fz={20} id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

export function AboutSection({ profile }: { profile: PageProfile }) {
  const { t } = useTranslation('providerProfile');
  if (!profile.About) return null;
  return (
    <Section title={t('sections.about')}>
      <Text style={{ whiteSpace: 'pre-line' }}>{profile.About}</Text>
    </Section>
  );
}

/** Facilities with their address, and their phone when the profile shows it (DisplayLocationPhone). */
export function LocationsSection({ profile }: { profile: PageProfile }) {
  const { t } = useTranslation('providerProfile');
  if (profile.Locations.length === 0) return null;
  return (
    <Section title={t('sections.locations', { count: profile.Locations.length })}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {profile.Locations.map((location) => (
          <Stack key={location.Id} gap={4} data-testid="profile-location">
            <Text fw={600}>{location.Name}</Text>
            <Group gap={6} align="flex-start" wrap="nowrap">
              <IconMapPin size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Text size="sm" c="dimmed" component="address" fs="normal">
                {addressLines(location).map((line, i) => (
                  <span key={line}>
                    {i > 0 ? <br /> : null}
                    {line}
                  </span>
                ))}
              </Text>
            </Group>
            {location.Phone ? (
              <Group gap={6} wrap="nowrap">
                <IconPhone size={18} aria-hidden style={{ flexShrink: 0 }} />
                <Anchor href={telHref(location.Phone)} size="sm">
                  {location.Phone}
                </Anchor>
              </Group>
            ) : null}
          </Stack>
        ))}
      </SimpleGrid>
    </Section>
  );
}

const CARRIERS_SHOWN = 8;

/** Accepted carriers with their plans (DisplayInsurances). */
export function InsurancesSection({ profile }: { profile: PageProfile }) {
  const { t } = useTranslation('providerProfile');
  const [all, setAll] = useState(false);
  if (profile.Insurances.length === 0) return null;
  const shown = all ? profile.Insurances : profile.Insurances.slice(0, CARRIERS_SHOWN);
  return (
    <Section title={t('sections.insurances')}>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {shown.map((carrier) => (
          <Group key={carrier.Id} gap={8} wrap="nowrap" align="flex-start" component="li">
            <IconShieldCheck
              size={18}
              aria-hidden
              style={{ flexShrink: 0, marginTop: 2 }}
              color="var(--mantine-color-brand-6)"
            />
            <div>
              <Text size="sm" fw={600}>
                {carrier.Name}
              </Text>
              <Text size="xs" c="dimmed">
                {carrier.Plans.map((p) => p.Name).join(' · ')}
              </Text>
            </div>
          </Group>
        ))}
      </Stack>
      {profile.Insurances.length > CARRIERS_SHOWN ? (
        <Anchor component="button" type="button" size="sm" mt="sm" onClick={() => setAll((v) => !v)}>
          {all ? t('showFewer') : t('showAllInsurances', { count: profile.Insurances.length })}
        </Anchor>
      ) : null}
    </Section>
  );
}

/** The practice's other published providers and services (ShowSuggestedEntities). */
export function SuggestedSection({ profile }: { profile: PageProfile }) {
  const { t } = useTranslation('providerProfile');
  if (profile.SuggestedEntities.length === 0) return null;
  const title =
    profile.Entity.Type === 'Organization'
      ? t('sections.providersAndServices')
      : t('sections.moreAt', { practice: profile.Organization?.Name ?? '' });
  return (
    <Section title={title}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {profile.SuggestedEntities.map((entity) => (
          <UnstyledButton
            key={entity.Id}
            component={Link}
            to={entity.ProfileLink}
            p="sm"
            style={{
              borderRadius: 'var(--mantine-radius-md)',
              border: '1px solid var(--mantine-color-gray-3)',
            }}
          >
            <Group gap="sm" wrap="nowrap">
              <Avatar
                src={
                  entity.Photo ??
                  (entity.Type === 'Provider'
                    ? '/avatars/avatar-unknown.svg'
                    : '/avatars/practice-unknown.svg')
                }
                alt=""
                size={48}
                radius={entity.Type === 'Provider' ? 48 : 'md'}
              />
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" lineClamp={2}>
                  {entity.Name}
                </Text>
                {entity.Title ? (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {entity.Title}
                  </Text>
                ) : null}
              </div>
            </Group>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Section>
  );
}
