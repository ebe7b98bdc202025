import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Loader, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES, GENDERS, type Gender, type Patient } from '@careslot/contracts';
import { formatPhone, parseDob, validateDemographics, type FieldRule } from '@careslot/domain';
import { apiRequest } from '../../../shared/api/client';
import { toast } from '../../../shared/ui/toast';
import { updatePatient } from '../api/bookingFlow';
import { updateBookingState, type DemographicsDraft } from '../bookingState';
import { BookingShell } from '../components/BookingShell';
import { mobileOf, useBookingFlow } from '../useBookingFlow';

export const DEMOGRAPHICS_PATH = '/book/collect-patient-demographics';

const EMPTY: DemographicsDraft = {
  firstName: '',
  lastName: '',
  dob: '',
  gender: '',
  email: '',
  phone: '',
  address1: '',
  city: '',
  state: '',
  zip: '',
};

/** A patient record as the form's starting values; a family member without e-mail or phone borrows the holder's. */
export function draftFromPatient(
  patient: Patient | undefined,
  holder: Patient | undefined,
): DemographicsDraft {
  if (!patient) return EMPTY;
  const name = patient.Name[0];
  const iso = patient.BirthDate;
  const email =
    patient.Telecom.find((t) => t.System === 'Email')?.Value ??
    holder?.Telecom.find((t) => t.System === 'Email')?.Value ??
    '';
  const phone = mobileOf(patient).value || mobileOf(holder).value;
  return {
    firstName: name?.Given[0] ?? '',
    lastName: name?.Family ?? '',
    dob: iso ? `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}/${iso.slice(0, 4)}` : '',
    gender: patient.Gender ?? '',
    email,
    phone: phone ? formatPhone(phone.replace(/\D/g, '').slice(-10)) : '',
    address1: patient.Address.Address1 ?? '',
    city: patient.Address.City ?? '',
    state: patient.Address.State ?? '',
    zip: patient.Address.ZipCode ?? '',
  };
}

type Errors = Partial<Record<keyof DemographicsDraft, FieldRule>>;

/** The form's failures: the shared demographics rules plus a chosen gender. */
export function demographicsErrors(draft: DemographicsDraft, today: Date): Errors {
  const errors: Errors = validateDemographics(draft, today);
  if (!draft.gender) errors.gender = 'required';
  return errors;
}

/**
 * Patient demographics (/book/collect-patient-demographics, stage PATIENT_DEMOGRAPHICS, when the schedule
 * setting CollectPatientDemographics is on): name, birth date, gender, e-mail, mobile and address of the
 * patient being booked, checked by the shared rules, saved with PUT v2/patient/{id} (audited on the server).
 */
export function DemographicsPage() {
  const { t } = useTranslation('bookingFlow');
  const flow = useBookingFlow();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<DemographicsDraft | null>(
    () => flow.state?.patientDemographicsInfo ?? null,
  );
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const states = useQuery({
    queryKey: ['us-states'],
    queryFn: ({ signal }) =>
      apiRequest<{ Data: { Code: string; Display: string }[] }>('/careslot-resource-library/api/v1/states', {
        signal,
      }),
    staleTime: Infinity,
  });

  // Until the patient types, the form shows the record on file (or what was typed before a reload).
  const values = draft ?? (flow.patient.data ? draftFromPatient(flow.patient.data, flow.holder.data) : EMPTY);
  const errors = demographicsErrors(values, new Date());
  const count = Object.keys(errors).length;

  const set = (field: keyof DemographicsDraft) => (value: string) => {
    const next = { ...values, [field]: value };
    setDraft(next);
    updateBookingState({ patientDemographicsInfo: next });
  };
  const error = (field: keyof DemographicsDraft) =>
    submitted && errors[field]
      ? t(`demographics.errors.${field}.${errors[field]}`, {
          defaultValue: t(`demographics.errors.generic.${errors[field]}`),
        })
      : undefined;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (count > 0 || !flow.patientId) return;
    setSaving(true);
    const dob = parseDob(values.dob)!;
    try {
      await updatePatient(flow.patientId, {
        FirstName: values.firstName.trim(),
        LastName: values.lastName.trim(),
        BirthDate: dob.toISOString().slice(0, 10),
        Gender: values.gender as Gender,
        Email: values.email.trim(),
        Mobile: values.phone.trim(),
        Address: {
          Address1: values.address1.trim(),
          Address2: [],
          City: values.city.trim(),
          State: values.state.trim(),
          ZipCode: values.zip.trim(),
        },
      });
      toast.success(ACCOUNT_MESSAGES.patientUpdated);
      await queryClient.invalidateQueries({ queryKey: ['patient'] });
    } catch {
      // §8: a failed patient update does not stop the booking; the patient is told and moves on.
      toast.error(ACCOUNT_MESSAGES.patientUpdateFailed);
    } finally {
      setSaving(false);
    }
    flow.advance('PATIENT_DEMOGRAPHICS', { patientDemographicsInfo: values });
  };

  if (!draft && flow.patient.isLoading) {
    return (
      <BookingShell
        held={flow.held}
        timeZone={flow.timeZone}
        dialogs={flow.dialogs}
        title={t('demographics.title')}
      >
        <Group justify="center" py="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      </BookingShell>
    );
  }

  return (
    <BookingShell
      held={flow.held}
      timeZone={flow.timeZone}
      dialogs={flow.dialogs}
      title={t('demographics.title')}
      intro={t('demographics.intro')}
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          {submitted && count > 0 && (
            <Alert color="red" role="alert">
              {t('demographics.fix', { count })}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('demographics.firstName')}
              autoComplete="given-name"
              maxLength={35}
              withAsterisk
              value={values.firstName}
              onChange={(e) => set('firstName')(e.currentTarget.value)}
              error={error('firstName')}
            />
            <TextInput
              label={t('demographics.lastName')}
              autoComplete="family-name"
              maxLength={35}
              withAsterisk
              value={values.lastName}
              onChange={(e) => set('lastName')(e.currentTarget.value)}
              error={error('lastName')}
            />
            <TextInput
              label={t('demographics.dob')}
              placeholder="MM/DD/YYYY"
              inputMode="numeric"
              autoComplete="bday"
              maxLength={10}
              withAsterisk
              value={values.dob}
              onChange={(e) => set('dob')(e.currentTarget.value)}
              error={error('dob')}
            />
            <Select
              label={t('demographics.gender')}
              withAsterisk
              data={GENDERS.map((g) => ({ value: g, label: t(`demographics.genders.${g}`) }))}
              value={values.gender || null}
              onChange={(v) => set('gender')(v ?? '')}
              error={error('gender')}
              allowDeselect={false}
            />
            <TextInput
              label={t('demographics.email')}
              type="email"
              autoComplete="email"
              maxLength={320}
              withAsterisk
              value={values.email}
              onChange={(e) => set('email')(e.currentTarget.value)}
              error={error('email')}
            />
            <TextInput
              label={t('demographics.phone')}
              type="tel"
              autoComplete="tel-national"
              maxLength={14}
              withAsterisk
              value={values.phone}
              onChange={(e) => set('phone')(e.currentTarget.value)}
              error={error('phone')}
            />
          </SimpleGrid>
          <TextInput
            label={t('demographics.address1')}
            autoComplete="address-line1"
            maxLength={50}
            withAsterisk
            value={values.address1}
            onChange={(e) => set('address1')(e.currentTarget.value)}
            error={error('address1')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput
              label={t('demographics.city')}
              autoComplete="address-level2"
              maxLength={30}
              withAsterisk
              value={values.city}
              onChange={(e) => set('city')(e.currentTarget.value)}
              error={error('city')}
            />
            <Select
              label={t('demographics.state')}
              withAsterisk
              searchable
              data={(states.data?.Data ?? []).map((s) => ({
                value: s.Code,
                label: `${s.Display} (${s.Code})`,
              }))}
              value={values.state || null}
              onChange={(v) => set('state')(v ?? '')}
              error={error('state')}
              nothingFoundMessage={t('demographics.noState')}
            />
            <TextInput
              label={t('demographics.zip')}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={10}
              withAsterisk
              value={values.zip}
              onChange={(e) => {
                const digits = e.currentTarget.value.replace(/\D/g, '').slice(0, 9);
                set('zip')(digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits);
              }}
              error={error('zip')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={saving || flow.submitting}>
              {t('common.continue')}
            </Button>
          </Group>
        </Stack>
      </form>
    </BookingShell>
  );
}
