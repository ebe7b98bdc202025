import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Container,
  Group,
  Pagination,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PATIENT_REVIEW_TEXT_MAX, type PracticeReview } from '@careslot/contracts';
import { ApiError } from '../../../shared/api/client';
import { usePractice } from '../../../shared/session/practice';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { REVIEWS_PAGE, usePracticeReviews, useReplyToReview } from '../api/reputation';

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation('reputationSettings');
  return (
    <Text component="span" c="yellow.9" aria-label={t('reviews.stars', { count: rating })} role="img">
      {'★'.repeat(rating) + '☆'.repeat(5 - rating)}
    </Text>
  );
}

function ReplyForm({ review }: { review: PracticeReview }) {
  const { t } = useTranslation('reputationSettings');
  const reply = useReplyToReview();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (text.trim()) reply.mutate({ id: review.Id, reply: text.trim() });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Textarea
          label={t('reviews.replyLabel')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          rows={3}
          maxLength={PATIENT_REVIEW_TEXT_MAX}
          error={touched && !text.trim() ? t('reviews.replyRequired') : null}
          required
        />
        {reply.error ? (
          <Alert color="red" role="alert">
            {reply.error instanceof ApiError && reply.error.issues[0]
              ? reply.error.issues[0].message
              : t('reviews.failed')}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={reply.isPending}>
            {t('reviews.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ReviewCard({ review, formatDate }: { review: PracticeReview; formatDate: (iso: string) => string }) {
  const { t } = useTranslation('reputationSettings');
  return (
    <Paper withBorder radius="md" p="md" component="li">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>
            {t('reviews.who', { name: review.PatientFirstName, date: formatDate(review.VisitStart) })}
          </Text>
          <Stars rating={review.Rating} />
        </Group>
        {review.Comment ? <Text style={{ whiteSpace: 'pre-line' }}>{review.Comment}</Text> : null}
        {review.Reply ? (
          <Paper radius="sm" p="sm" bg="gray.0">
            <Text size="sm" fw={600}>
              {t('reviews.answered', { date: formatDate(review.RepliedOn ?? review.UpdatedOn) })}
            </Text>
            <Text style={{ whiteSpace: 'pre-line' }}>{review.Reply}</Text>
          </Paper>
        ) : (
          <ReplyForm review={review} />
        )}
      </Stack>
    </Paper>
  );
}

/**
 * /reputation-management/reviews (issue 26 item 5): the practice's reviews by its patients (the patient-review
 * route), newest first with the average rating; its admins and staff answer them.
 */
export function PatientReviewsPage() {
  const { t, i18n } = useTranslation('reputationSettings');
  const practice = usePractice();
  const [page, setPage] = useState(1);
  const reviews = usePracticeReviews(practice.organizationId, (page - 1) * REVIEWS_PAGE);
  const formatDate = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  return (
    <Container size="lg" px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Title order={1} fz="h3">
          {t('reviews.heading')}
        </Title>
        {reviews.error ? (
          <Alert color="red" role="alert">
            {t('reviews.loadFailed')}
          </Alert>
        ) : !reviews.data ? (
          <LoadingSpinner />
        ) : reviews.data.Total === 0 ? (
          <Text>{t('reviews.none')}</Text>
        ) : (
          <>
            <Text>
              {t('reviews.average', {
                value: reviews.data.AverageRating?.toLocaleString(i18n.language),
                count: reviews.data.Total,
              })}
            </Text>
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {reviews.data.Data.map((review) => (
                <ReviewCard key={review.Id} review={review} formatDate={formatDate} />
              ))}
            </Stack>
            {reviews.data.Total > REVIEWS_PAGE ? (
              <Pagination
                total={Math.ceil(reviews.data.Total / REVIEWS_PAGE)}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': t(`reviews.page.${control}`) })}
              />
            ) : null}
          </>
        )}
      </Stack>
    </Container>
  );
}
