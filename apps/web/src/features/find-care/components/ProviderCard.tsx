import { useState } from 'react';
import { Anchor, Avatar, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMapPin, IconPhone, IconShieldCheck } from '@tabler/icons-react';
import { TZDate } from '@date-fns/tz';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SearchProvider, VisitType } from '@careslot/contracts';
import { useCatalogNames } from '../../../shared/i18n/catalogNames';
import { zoneAbbreviation, type DayKey } from '../../../shared/slots/slotDates';
import classes from './ProviderCard.module.css';
import { officeAddress, officeOf, ProviderWeek } from './ProviderWeek';

const MAX_CARRIERS_SHOWN = 4;

/** One provider of the results: who, where, how far, which insurances, and the week's open slots. */
export function ProviderCard({
  provider,
  locale,
  startDay,
  live,
  onJump,
  visitType = null,
}: {
  provider: SearchProvider;
  locale: string;
  startDay: DayKey;
  live: boolean;
  onJump: (day: DayKey) => void;
  /** The visit type the search is filtered on: a time picked from it is booked as that kind (issue 30). */
  visitType?: VisitType | null;
}) {
  const { t } = useTranslation('findCare');
  const { t: ts } = useTranslation('slots');
  const catalog = useCatalogNames();
  // A provider at several offices: the card shows one office, its address, clock and times (issue 17).
  const [officeId, setOfficeId] = useState(provider.location.id);
  const office = officeOf(provider, officeId);
  const ownOffice = office.id === provider.location.id;
  const zone = office.iana_time_zone;
  const nextAt = ownOffice ? provider.next_availability : null;
  const nextLabel = nextAt
    ? `${new Intl.DateTimeFormat(locale, {
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: zone,
      }).format(new TZDate(nextAt, zone))} ${zoneAbbreviation(nextAt, zone)}`
    : null;
  const offices =
    provider.other_offices.length > 0
      ? [officeOf(provider, provider.location.id), ...provider.other_offices]
      : [];
  // The office shown takes no online bookings but another does: one press shows that office's times.
  const bookableElsewhere =
    ownOffice && !provider.schedule_id ? (provider.other_offices.find((o) => o.schedule_id) ?? null) : null;
  const headingId = `provider-${provider.practitioner_id}-${provider.location.id}`;
  const carriers = provider.insurance_carriers;

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      className={classes.card}
      component="article"
      aria-labelledby={headingId}
    >
      <div className={classes.layout}>
        <Group align="flex-start" wrap="nowrap" gap="md" className={classes.who}>
          <Avatar src={provider.photo_url} size={72} radius="xl" alt="" color="brand">
            {provider.given_names[0]?.[0]}
            {provider.family_name[0]}
          </Avatar>
          <Stack gap={4} className={classes.details}>
            <Title order={3} size="h4" id={headingId}>
              <Anchor component={Link} to={`/providers/${provider.name_identity}`} inherit c="dark.8">
                {provider.display_name}
              </Anchor>
            </Title>
            <Text size="sm" c="brand.7" fw={600}>
              {provider.specialties.map((s) => catalog.specialty(s.Display)).join(', ')}
            </Text>
            <Text size="sm" c="dimmed">
              {provider.organization.name}
            </Text>
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconMapPin size={16} aria-hidden className={classes.icon} />
              <Text size="sm" data-testid="card-office">
                {offices.length > 0 ? (
                  <Text span size="sm" fw={600}>
                    {office.name}:{' '}
                  </Text>
                ) : null}
                {officeAddress(office)}
                {office.distance !== null ? (
                  <Text span size="sm" fw={600} ml={6}>
                    {t('card.distance', { miles: office.distance })}
                  </Text>
                ) : null}
              </Text>
            </Group>
            {office.phone ? (
              <Group gap={6}>
                <IconPhone size={16} aria-hidden className={classes.icon} />
                <Anchor href={`tel:${office.phone.replace(/[^0-9+]/g, '')}`} size="sm">
                  {office.phone}
                </Anchor>
              </Group>
            ) : null}
            {offices.length > 0 ? (
              <Group gap={6} role="group" aria-label={t('card.offices')}>
                <Text size="sm" c="dimmed">
                  {t('card.offices')}
                </Text>
                {offices.map((o) => (
                  <Button
                    key={o.id}
                    size="compact-xs"
                    radius="xl"
                    variant={o.id === office.id ? 'filled' : 'default'}
                    aria-pressed={o.id === office.id}
                    classNames={{ root: classes.office, label: classes.officeLabel }}
                    onClick={() => setOfficeId(o.id)}
                  >
                    {t('card.office', { name: o.name, city: o.city, state: o.state })}
                  </Button>
                ))}
              </Group>
            ) : null}
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconShieldCheck size={16} aria-hidden className={classes.icon} />
              <Text size="sm" c="dimmed">
                {carriers.length === 0
                  ? t('card.noInsurance')
                  : carriers.length > MAX_CARRIERS_SHOWN
                    ? t('card.insurancesMore', {
                        names: carriers
                          .slice(0, MAX_CARRIERS_SHOWN)
                          .map((c) => c.Name)
                          .join(', '),
                        count: carriers.length - MAX_CARRIERS_SHOWN,
                      })
                    : t('card.insurances', { names: carriers.map((c) => c.Name).join(', ') })}
              </Text>
            </Group>
            <Group gap={6} mt={4}>
              {provider.visit_types.map((type) => (
                <Badge
                  key={type}
                  variant="light"
                  color={type === 'TeleHealth' ? 'grape' : type === 'Walk-In' ? 'orange' : 'brand'}
                  // Orange text on its light tint reads 3.6:1; the darkest orange reads above 4.5:1 (issue 30 item 9).
                  c={type === 'Walk-In' ? 'orange.9' : undefined}
                  radius="sm"
                >
                  {t(`visitTypes.${type}`)}
                </Badge>
              ))}
            </Group>
          </Stack>
        </Group>

        <div className={classes.slots}>
          <Text size="sm" fw={600}>
            {nextLabel
              ? t('card.next', { when: nextLabel })
              : ownOffice
                ? t('card.noAvailability')
                : office.name}
          </Text>
          <Text size="xs" c="dimmed" mb={6} data-testid="card-zone">
            {ts('timesIn', { abbr: zoneAbbreviation(provider.slots[0]?.Start ?? new Date(), zone) })}
          </Text>
          {bookableElsewhere ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={600}
              mb={6}
              onClick={() => setOfficeId(bookableElsewhere.id)}
            >
              {t('card.seeOffice', { name: bookableElsewhere.name })}
            </Anchor>
          ) : null}
          <ProviderWeek
            key={`${provider.location.id}|${office.id}`}
            provider={provider}
            office={office}
            startDay={startDay}
            live={live}
            onJump={onJump}
            visitType={visitType}
          />
        </div>
      </div>
    </Card>
  );
}
