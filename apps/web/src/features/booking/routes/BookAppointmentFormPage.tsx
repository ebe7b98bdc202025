import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Container, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { STORAGE_KEYS } from '@careslot/contracts';
import { nextBookingStage, routeForStage } from '@careslot/domain';
import { useSession } from '../../../shared/session/session';
import { dateLocale } from '../../../shared/slots/dateLocale';
import { formatSlotTime } from '../../../shared/slots/slotDates';
import { useSchedule } from '../api/schedule';
import { readBookingState, readHeldSlot, saveBookingState } from '../bookingState';
import { BookingHeader } from '../components/BookingHeader';

export const REASON_MAX = 500;
export const BOOK_APPOINTMENT_FORM_PATH = '/book/book-appointment-form';

/**
 * The booking form (/book/book-appointment-form, stage BOOKING_FORM): the held slot read from the session
 * (slot_data), who the visit is for and why. What the patient types is kept as they type, so a reload
 * loses nothing (3.10); Continue
 * moves on by the advance rules of 4.2.
 */
export function BookAppointmentFormPage() {
  const { t, i18n } = useTranslation('booking');
  const navigate = useNavigate();
  const { user } = useSession();
  const [held] = useState(() => readHeldSlot());
  const schedule = useSchedule(held?.calendarId ?? null);
  const saved = readBookingState();
  const [reason, setReason] = useState(saved?.appointmentInfo.Reason ?? '');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    document.title = `${t('header.title')} | CareSlot`;
  }, [t]);

  // Booking-flow guard (2.2): a signed-in user, else /login; the form comes back here after sign-in.
  if (!user) {
    sessionStorage.setItem(STORAGE_KEYS.session.returnUrl, BOOK_APPOINTMENT_FORM_PATH);
    return <Navigate to="/login" replace />;
  }

  if (!held) {
    return (
      <Container size="sm" py="xl">
        <Stack gap="md">
          <Alert color="yellow" title={t('form.noSlot.title')} role="alert">
            {t('form.noSlot.body')}
          </Alert>
          <Group>
            <Button component={Link} to="/">
              {t('form.noSlot.action')}
            </Button>
          </Group>
        </Stack>
      </Container>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed === '') return setError('form.errors.reasonRequired');
    if (trimmed.length > REASON_MAX) return setError('form.errors.reasonTooLong');
    setError(null);
    // Phone verification and the later stages decide for themselves whether they apply; the form only
    // knows the patient's phone is not verified yet when the session says nothing about it.
    const next = nextBookingStage('BOOKING_FORM', {
      hasScreeningForms: false,
      phoneVerified: false,
      collectPatientDemographics: false,
      enableInsurance: false,
      insuranceName: null,
      visitPaymentApplies: false,
    });
    saveBookingState({ appointmentInfo: { Reason: trimmed }, currentStage: next });
    const route = routeForStage(next);
    if (route) void navigate(route);
  };

  const timeZone = schedule.data?.TimeZone ?? null;
  const holdUntil = timeZone ? formatSlotTime(held.expiresAt, timeZone, dateLocale(i18n.language)) : null;

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <BookingHeader slot={held} timeZone={timeZone} />
        {holdUntil && (
          <Text size="sm" c="dimmed" data-testid="hold-until">
            {t('form.heldUntil', { time: holdUntil })}
          </Text>
        )}
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            {error && (
              <Alert color="red" role="alert">
                {t(error, { max: REASON_MAX })}
              </Alert>
            )}
            <Radio.Group label={t('form.whoFor')} value="self" readOnly>
              <Stack gap={6} mt={6}>
                <Radio value="self" label={t('form.myself', { name: `${user.firstName} ${user.lastName}`.trim() })} />
              </Stack>
            </Radio.Group>
            <Textarea
              label={t('form.reason')}
              description={t('form.reasonHint', { max: REASON_MAX })}
              placeholder={t('form.reasonPlaceholder')}
              value={reason}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setReason(value);
                setError(null);
                saveBookingState({ appointmentInfo: { Reason: value }, currentStage: 'BOOKING_FORM' });
              }}
              error={error ? true : undefined}
              rows={4}
              maxLength={REASON_MAX + 50}
              required
            />
            <Group justify="flex-end">
              <Button type="submit" size="md">
                {t('form.continue')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Container>
  );
}
