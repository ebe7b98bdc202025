import { Anchor, Avatar, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMapPin, IconPhone, IconShieldCheck } from '@tabler/icons-react';
import { TZDate } from '@date-fns/tz';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SearchProvider } from '@careslot/contracts';
import type { DayKey } from '../../../shared/slots/slotDates';
import classes from './ProviderCard.module.css';
import { ProviderWeek } from './ProviderWeek';

const MAX_CARRIERS_SHOWN = 4;

/** One provider of the results: who, where, how far, which insurances, and the week's open slots. */
export function ProviderCard({
  provider,
  locale,
  startDay,
  live,
  onJump,
}: {
  provider: SearchProvider;
  locale: string;
  startDay: DayKey;
  live: boolean;
  onJump: (day: DayKey) => void;
}) {
  const { t } = useTranslation('findCare');
  const zone = provider.location.iana_time_zone;
  const nextLabel = provider.next_availability
    ? new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: zone }).format(
        new TZDate(provider.next_availability, zone),
      )
    : null;
  const carriers = provider.insurance_carriers;

  return (
    <Card withBorder radius="lg" padding="lg" className={classes.card} component="article" aria-labelledby={`provider-${provider.practitioner_id}`}>
      <div className={classes.layout}>
        <Group align="flex-start" wrap="nowrap" gap="md" className={classes.who}>
          <Avatar src={provider.photo_url} size={72} radius="xl" alt="" color="brand">
            {provider.given_names[0]?.[0]}
            {provider.family_name[0]}
          </Avatar>
          <Stack gap={4} className={classes.details}>
            <Title order={3} size="h4" id={`provider-${provider.practitioner_id}`}>
              <Anchor component={Link} to={`/providers/${provider.name_identity}`} inherit c="dark.8">
                {provider.display_name}
              </Anchor>
            </Title>
            <Text size="sm" c="brand.7" fw={600}>
              {provider.specialties.map((s) => s.Display).join(', ')}
            </Text>
            <Text size="sm" c="dimmed">
              {provider.organization.name}
            </Text>
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconMapPin size={16} aria-hidden className={classes.icon} />
              <Text size="sm">
                {provider.location.address1}
                {provider.location.address2 ? `, ${provider.location.address2}` : ''}, {provider.location.city}, {provider.location.state} {provider.location.zip_code}
                {provider.distance !== null ? (
                  <Text span size="sm" fw={600} ml={6}>
                    {t('card.distance', { miles: provider.distance })}
                  </Text>
                ) : null}
              </Text>
            </Group>
            {provider.location.phone ? (
              <Group gap={6}>
                <IconPhone size={16} aria-hidden className={classes.icon} />
                <Anchor href={`tel:${provider.location.phone.replace(/[^0-9+]/g, '')}`} size="sm">
                  {provider.location.phone}
                </Anchor>
              </Group>
            ) : null}
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconShieldCheck size={16} aria-hidden className={classes.icon} />
              <Text size="sm" c="dimmed">
                {carriers.length === 0
                  ? t('card.noInsurance')
                  : carriers.length > MAX_CARRIERS_SHOWN
                    ? t('card.insurancesMore', { names: carriers.slice(0, MAX_CARRIERS_SHOWN).map((c) => c.Name).join(', '), count: carriers.length - MAX_CARRIERS_SHOWN })
                    : t('card.insurances', { names: carriers.map((c) => c.Name).join(', ') })}
              </Text>
            </Group>
            <Group gap={6} mt={4}>
              {provider.visit_types.map((type) => (
                <Badge key={type} variant="light" color={type === 'TeleHealth' ? 'grape' : type === 'Walk-In' ? 'orange' : 'brand'} radius="sm">
                  {t(`visitTypes.${type}`)}
                </Badge>
              ))}
            </Group>
          </Stack>
        </Group>

        <div className={classes.slots}>
          <Text size="sm" fw={600} mb={6}>
            {nextLabel ? t('card.next', { when: nextLabel }) : t('card.noAvailability')}
          </Text>
          <ProviderWeek provider={provider} startDay={startDay} live={live} onJump={onJump} />
        </div>
      </div>
    </Card>
  );
}
