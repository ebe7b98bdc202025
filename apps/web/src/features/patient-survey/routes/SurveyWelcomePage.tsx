import { useEffect, type ReactNode } from 'react';
import {
  Alert,
  Avatar,
  Button,
  Container,
  Divider,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconBuildingHospital,
  IconCalendarEvent,
  IconExternalLink,
  IconMapPin,
  IconPhone,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { SurveyAppointmentInfo } from '@careslot/contracts';
import { ApiError } from '../../../shared/api/client';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { readSurveyLink, useSurveyAppointment } from '../api/surveyLink';

/** The visit's date and time in its facility's zone, in the patient's language, with the zone's abbreviation. */
export function surveyWhen(
  info: Pick<SurveyAppointmentInfo, 'start_date' | 'time_zone'>,
  language: string,
): string {
  return new Intl.DateTimeFormat(language, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: info.time_zone,
    timeZoneName: 'short',
  }).format(new Date(info.start_date));
}

/** Why the page cannot show the survey: a link changed or expired (400) or a visit unknown (404), or anything else. */
function problemOf(error: unknown): 'invalid' | 'failed' {
  return error instanceof ApiError && (error.status === 400 || error.status === 404) ? 'invalid' : 'failed';
}

function Line({
  icon: Icon,
  label,
  children,
}: {
  icon: typeof IconPhone;
  label: string;
  children: ReactNode;
}) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Icon size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <div>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {label}
        </Text>
        <Text>{children}</Text>
      </div>
    </Group>
  );
}

function Welcome({ info }: { info: SurveyAppointmentInfo }) {
  const { t, i18n } = useTranslation('patientSurvey');
  const giver = info.provider ?? info.resource;
  // The facility's address and phone take precedence over the practice's (§2.11).
  const address = info.facility?.address ?? info.practice.address;
  const phone = info.facility?.phone_number ?? info.practice.phone;
  const instructions = giver?.patient_survey_instructions.trim() ?? '';
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap" align="center">
        <Avatar src={giver?.profile_picture_uri ?? null} alt={t('photo')} size={72} radius="xl" color="teal">
          <IconBuildingHospital size={32} aria-hidden />
        </Avatar>
        <div>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {t('welcome', { firstName: info.patient.name.first_name })}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('lead')}
          </Text>
        </div>
      </Group>
      <Divider />
      <Stack gap="sm">
        <Line icon={IconCalendarEvent} label={t('when')}>
          {surveyWhen(info, i18n.language)}
        </Line>
        {info.practice.name ? (
          <Line icon={IconBuildingHospital} label={t('practice')}>
            {info.practice.name}
          </Line>
        ) : null}
        {address ? (
          <Line icon={IconMapPin} label={t('address')}>
            {address}
          </Line>
        ) : null}
        {phone ? (
          <Line icon={IconPhone} label={t('phone')}>
            {phone}
          </Line>
        ) : null}
      </Stack>
      {instructions ? (
        <Paper bg="gray.0" radius="md" p="md">
          <Title order={2} fz="md" mb={6}>
            {t('expect')}
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }}>{instructions}</Text>
        </Paper>
      ) : null}
      {info.survey_link ? (
        <Button
          component="a"
          href={info.survey_link}
          target="_blank"
          rel="noopener noreferrer"
          size="md"
          rightSection={<IconExternalLink size={18} aria-hidden />}
        >
          {t('start')}
          <VisuallyHidden>{t('newTab')}</VisuallyHidden>
        </Button>
      ) : (
        <Alert color={info.answered ? 'teal' : 'gray'} role="status">
          {info.answered ? t('answered') : t('noSurvey')}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The survey app's welcome screen at /survey/appointment/{id} (practice-portal.md §2.11, §3.6; decision 0074),
 * opened from the link sent after a visit (start-survey signed the browser out first). It shows only what the
 * spec lists, fetched with the link's signature; Start Survey opens the questions in a new tab.
 */
export function SurveyWelcomePage() {
  const { t } = useTranslation('patientSurvey');
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const link = readSurveyLink(params);
  const info = useSurveyAppointment(id, link);
  useEffect(() => {
    document.title = `${t('title')} | CareSlot`;
  }, [t]);
  const problem = !link ? 'invalid' : info.error ? problemOf(info.error) : null;
  return (
    <Container size={640} py={{ base: 24, sm: 56 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="xs">
        {problem ? (
          <Alert color="red" role="alert" title={t(`${problem}Title`)}>
            {t(problem)}
          </Alert>
        ) : info.data ? (
          <Welcome info={info.data} />
        ) : (
          <LoadingSpinner minHeight={240} />
        )}
      </Paper>
    </Container>
  );
}
