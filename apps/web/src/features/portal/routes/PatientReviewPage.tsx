import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PATIENT_REVIEW_TEXT_MAX, type PatientVisitReview } from '@careslot/contracts';
import { ApiError } from '../../../shared/api/client';
import { appointmentQuery } from '../api';
import { AppointmentSummary } from '../components/AppointmentSummary';
import { useReviewVisit, visitReviewQuery } from '../reviewApi';

function ReviewForm({ id, current }: { id: string; current: PatientVisitReview }) {
  const { t } = useTranslation('patientReview');
  const review = useReviewVisit(id);
  const [rating, setRating] = useState(current.Review ? String(current.Review.Rating) : '');
  const [comment, setComment] = useState(current.Review?.Comment ?? '');
  const [touched, setTouched] = useState(false);
  const [editing, setEditing] = useState(current.Review === null);
  const saved = review.data ?? current;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!rating) return;
    review.mutate(
      { Rating: Number(rating), Comment: comment.trim() || null },
      { onSuccess: () => setEditing(false) },
    );
  };

  if (!editing && saved.Review)
    return (
      <Stack gap="md">
        {review.isSuccess ? (
          <Alert color="teal" role="status" title={t('thanksTitle')}>
            {t('thanks')}
          </Alert>
        ) : null}
        <Stack gap={4}>
          <Title order={2} fz="lg">
            {t('yourReview')}
          </Title>
          <Text aria-label={t('stars', { count: saved.Review.Rating })}>
            <span aria-hidden>{'★'.repeat(saved.Review.Rating) + '☆'.repeat(5 - saved.Review.Rating)}</span>
          </Text>
          {saved.Review.Comment ? (
            <Text style={{ whiteSpace: 'pre-line' }}>{saved.Review.Comment}</Text>
          ) : null}
        </Stack>
        {saved.Review.Reply ? (
          <Paper withBorder radius="md" p="md" bg="gray.0">
            <Text fw={600} size="sm">
              {t('reply')}
            </Text>
            <Text style={{ whiteSpace: 'pre-line' }}>{saved.Review.Reply}</Text>
          </Paper>
        ) : null}
        {saved.ReviewSites.length ? (
          <Stack gap={6}>
            <Text>{t('sitesLead')}</Text>
            {saved.ReviewSites.map((site) => (
              <Anchor key={site.Url} href={site.Url} target="_blank" rel="noopener noreferrer">
                {t(site.Kind === 'Location' ? 'siteLocation' : 'siteProvider')}
                <VisuallyHidden>{t('newTab')}</VisuallyHidden>
              </Anchor>
            ))}
          </Stack>
        ) : null}
        <Group>
          <Button variant="default" onClick={() => setEditing(true)}>
            {t('change')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Radio.Group
          label={
            <Text component="span" fw={600}>
              {t('rating')}
            </Text>
          }
          value={rating}
          onChange={setRating}
          error={touched && !rating ? t('required') : null}
          required
        >
          <Group gap="sm" mt={6}>
            {[1, 2, 3, 4, 5].map((n) => (
              <Radio
                key={n}
                value={String(n)}
                aria-label={t('stars', { count: n })}
                label={<span aria-hidden>{`${n} ★`}</span>}
              />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label={t('comment')}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          rows={4}
          maxLength={PATIENT_REVIEW_TEXT_MAX}
        />
        {review.error ? (
          <Alert color="red" role="alert">
            {review.error instanceof ApiError && review.error.status === 409 ? t('notYet') : t('failed')}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" size="md" loading={review.isPending}>
            {t('submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The patient-review route (/patient-review/appointments/{id}, patient-booking.md §2.7; issue 26 item 5): the
 * signed-in patient (after the feedback variant of the login) rates the visit from 1 to 5 and comments; a happy
 * rating offers the practice's public review pages.
 */
export function PatientReviewPage() {
  const { t } = useTranslation('patientReview');
  const { id = '' } = useParams();
  const appointment = useQuery(appointmentQuery(id));
  const review = useQuery(visitReviewQuery(id));
  useEffect(() => {
    document.title = `${t('title')} | CareSlot`;
  }, [t]);
  const missing = [appointment.error, review.error].some(
    (e) => e instanceof ApiError && (e.status === 404 || e.status === 400),
  );
  return (
    <Container size={640} py={{ base: 24, sm: 56 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="xs">
        <Stack gap="lg">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t('title')}
          </Title>
          {missing ? (
            <Alert color="red" role="alert">
              {t('notFound')}
            </Alert>
          ) : appointment.error || review.error ? (
            <Alert color="red" role="alert">
              {t('loadFailed')}
            </Alert>
          ) : !appointment.data || !review.data ? (
            <Skeleton height={160} aria-label={t('loading')} />
          ) : (
            <>
              <AppointmentSummary appointment={appointment.data} />
              {review.data.CanReview ? (
                <>
                  <Text>{t('lead')}</Text>
                  <ReviewForm id={id} current={review.data} />
                </>
              ) : (
                <Alert color="blue" role="status">
                  {t('notYet')}
                </Alert>
              )}
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
