import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Container, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { SCREENING_FORM_PATH } from '../paths';
import { STORAGE_KEYS, type RelatedPerson } from '@careslot/contracts';
import { dateLocale } from '../../../shared/slots/dateLocale';
import { formatSlotTime, zoneAbbreviation } from '../../../shared/slots/slotDates';
import { useRelatedPersons } from '../api/bookingFlow';
import { readBookingState, updateBookingState, type SelectedFamilyMember } from '../bookingState';
import { BookingHeader } from '../components/BookingHeader';
import { NoHeldSlot } from '../components/NoHeldSlot';
import { useBookingFlow } from '../useBookingFlow';

export const REASON_MAX = 500;

/** The family member as the book-appointment state keeps it (3.10 selectedFamilyMember). */
function memberOf(member: RelatedPerson): SelectedFamilyMember {
  const name = member.Name[0];
  const first = name?.Given[0] ?? '';
  const last = name?.Family ?? '';
  return {
    Id: member.RelatedPatientId,
    Name: [first, last].filter(Boolean).join(' '),
    FirstName: first,
    LastName: last,
    Relationship: member.Relationship,
  };
}
export const BOOK_APPOINTMENT_FORM_PATH = '/book/book-appointment-form';

/**
 * The booking form (/book/book-appointment-form, stage BOOKING_FORM): the held slot read from the session
 * (slot_data), who the visit is for and why. What the patient types is kept as they type, so a reload
 * loses nothing (3.10); Continue
 * moves on by the advance rules of 4.2.
 */
export function BookAppointmentFormPage() {
  const { t, i18n } = useTranslation('booking');
  const flow = useBookingFlow();
  const { user, held, schedule } = flow;
  const saved = readBookingState();
  const [reason, setReason] = useState(saved?.appointmentInfo.Reason ?? '');
  const [forWhom, setForWhom] = useState(saved?.selectedFamilyMember?.Id ?? 'self');
  const [error, setError] = useState<string | null>(null);
  const family = useRelatedPersons(user?.userId ?? null);

  useEffect(() => {
    document.title = `${t('header.title')} | CareSlot`;
  }, [t]);

  // Booking-flow guard (2.2): a signed-in user, else /login; the form comes back here after sign-in.
  if (!user) {
    sessionStorage.setItem(STORAGE_KEYS.session.returnUrl, BOOK_APPOINTMENT_FORM_PATH);
    return <Navigate to="/login" replace />;
  }

  // 4.3 steps 7-8: screening forms for this slot come first; the form waits until they are answered.
  if (
    held &&
    flow.screeningForms.data &&
    flow.screeningForms.data.length > 0 &&
    saved?.screening?.done !== true
  ) {
    return <Navigate to={SCREENING_FORM_PATH} replace />;
  }

  if (!held) return <NoHeldSlot />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed === '') return setError('form.errors.reasonRequired');
    if (trimmed.length > REASON_MAX) return setError('form.errors.reasonTooLong');
    setError(null);
    flow.advance('BOOKING_FORM', {
      appointmentInfo: { Reason: trimmed },
      selectedFamilyMember: chosenMember(),
    });
  };

  // 3.10: choosing a family member replaces the Patient participant of the booking.
  function chosenMember() {
    const member = family.data?.find((m) => m.RelatedPatientId === forWhom);
    return member ? memberOf(member) : null;
  }

  const timeZone = schedule.data?.TimeZone ?? null;
  // In the facility's zone, labelled with its abbreviation like every time of the booking (issue 17).
  const holdUntil = timeZone
    ? `${formatSlotTime(held.expiresAt, timeZone, dateLocale(i18n.language))} ${zoneAbbreviation(held.expiresAt, timeZone)}`
    : null;

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
            <Radio.Group
              label={t('form.whoFor')}
              value={forWhom}
              onChange={(value) => {
                setForWhom(value);
                const member = family.data?.find((m) => m.RelatedPatientId === value);
                // A new patient: the insurance and demographics of the one before do not carry over.
                updateBookingState({
                  selectedFamilyMember: member ? memberOf(member) : null,
                  insurance: undefined,
                  insuranceConfirmed: undefined,
                  patientDemographicsInfo: undefined,
                });
              }}
            >
              <Stack gap={6} mt={6}>
                <Radio
                  value="self"
                  label={t('form.myself', { name: `${user.firstName} ${user.lastName}`.trim() })}
                />
                {family.data?.map((member) => {
                  const name = member.Name[0];
                  return (
                    <Radio
                      key={member.RelatedPatientId}
                      value={member.RelatedPatientId}
                      label={t('form.familyMember', {
                        name: [name?.Given[0], name?.Family].filter(Boolean).join(' '),
                        relationship: t(`form.relationships.${member.Relationship}`, {
                          defaultValue: member.Relationship,
                        }),
                      })}
                    />
                  );
                })}
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
                updateBookingState({ appointmentInfo: { Reason: value }, currentStage: 'BOOKING_FORM' });
              }}
              error={error ? true : undefined}
              rows={4}
              maxLength={REASON_MAX}
              required
            />
            <Group justify="flex-end">
              <Button type="submit" size="md" disabled={!flow.ready} loading={flow.submitting}>
                {t('form.continue')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
      {flow.dialogs}
    </Container>
  );
}
