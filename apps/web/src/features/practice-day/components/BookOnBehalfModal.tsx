import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  DIALOG_WIDTH,
  GENDERS,
  newPracticePatientSchema,
  type PracticeCalendarContext,
} from '@careslot/contracts';
import { ApiError } from '../../../shared/api/client';
import { errorMessage } from '../../../shared/api/errorMessage';
import type { DayKey } from '../../../shared/slots/slotDates';
import { toast } from '../../../shared/ui/toast';
import { useBookOnBehalf, usePatientSearch } from '../api/practiceDay';
import { OpenTimesPicker } from './OpenTimesPicker';
import { scheduleLabel } from '../calendarModel';

type PatientMode = 'existing' | 'new';
interface NewPatientForm {
  FirstName: string;
  LastName: string;
  BirthDate: string;
  Gender: string;
  Email: string;
  MobilePhone: string;
}
const EMPTY: NewPatientForm = {
  FirstName: '',
  LastName: '',
  BirthDate: '',
  Gender: '',
  Email: '',
  MobilePhone: '',
};

/**
 * Books a visit for a patient (workflow Practice_Staff_Appointment_Web): one of the practice's patients, found
 * by name, or a new patient created with the booking; a scheduled visit in an open slot, or a walk-in who
 * joins the provider's queue now.
 */
export function BookOnBehalfModal({
  opened,
  onClose,
  context,
  day,
  defaultScheduleId,
}: {
  opened: boolean;
  onClose: () => void;
  context: PracticeCalendarContext;
  day: DayKey;
  defaultScheduleId?: string | null;
}) {
  const { t } = useTranslation('practiceDay');
  const { t: tc } = useTranslation('common');
  const book = useBookOnBehalf();
  const [scheduleId, setScheduleId] = useState<string | null>(
    defaultScheduleId ?? context.Schedules[0]?.Id ?? null,
  );
  const [kind, setKind] = useState<'Scheduled' | 'Walk-In'>('Scheduled');
  const [slot, setSlot] = useState<string | null>(null);
  const [mode, setMode] = useState<PatientMode>('existing');
  const [query, setQuery] = useState('');
  const [name] = useDebouncedValue(query.trim(), 300);
  const [patientId, setPatientId] = useState<string | null>(null);
  const [form, setForm] = useState<NewPatientForm>(EMPTY);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const schedule = context.Schedules.find((s) => s.Id === scheduleId) ?? null;
  const zone = schedule?.TimeZone ?? context.TimeZone;
  const patients = usePatientSearch(mode === 'existing' ? name : '');

  const reset = () => {
    setSlot(null);
    setPatientId(null);
    setForm(EMPTY);
    setQuery('');
    setReason('');
    setErrors({});
    book.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!scheduleId) next.schedule = t('book.errors.schedule');
    if (kind === 'Scheduled' && !slot) next.slot = t('book.errors.slot');
    let newPatient: ReturnType<typeof newPracticePatientSchema.parse> | undefined;
    if (mode === 'existing' && !patientId) next.patient = t('book.errors.patient');
    if (mode === 'new') {
      const parsed = newPracticePatientSchema.safeParse({
        FirstName: form.FirstName,
        LastName: form.LastName,
        BirthDate: form.BirthDate,
        Gender: form.Gender || undefined,
        ...(form.Email.trim() ? { Email: form.Email.trim() } : {}),
        ...(form.MobilePhone.trim() ? { MobilePhone: form.MobilePhone.replace(/\D/g, '') } : {}),
      });
      if (parsed.success) newPatient = parsed.data;
      else
        for (const issue of parsed.error.issues)
          next[String(issue.path[0])] ??= t(`book.errors.${String(issue.path[0])}`);
    }
    setErrors(next);
    if (Object.keys(next).length) return;
    book.mutate(
      {
        CalendarId: scheduleId!,
        ScheduleType: kind,
        ...(kind === 'Scheduled' ? { StartTime: slot! } : {}),
        ...(mode === 'existing' ? { PatientId: patientId! } : { NewPatient: newPatient! }),
        Reasons: reason.trim() ? [{ Name: reason.trim() }] : [],
      },
      {
        onSuccess: () => {
          toast.success(kind === 'Walk-In' ? t('book.walkInDone') : t('book.done'));
          close();
        },
      },
    );
  };

  const field = (key: keyof NewPatientForm) => ({
    value: form[key],
    error: errors[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setForm((f) => ({ ...f, [key]: value }));
    },
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('book.title')}
      size={DIALOG_WIDTH.popup}
      yOffset={30}
      radius="lg"
      padding="lg"
      closeButtonProps={{ 'aria-label': t('drawer.close') }}
    >
      <form onSubmit={submit} noValidate aria-label={t('book.title')}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('book.calendar')}
              data={context.Schedules.map((s) => ({ value: s.Id, label: scheduleLabel(s, context) }))}
              value={scheduleId}
              onChange={(v) => {
                setScheduleId(v);
                setSlot(null);
              }}
              error={errors.schedule}
              searchable
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="visit-kind">
                {t('book.kind')}
              </Text>
              <SegmentedControl
                aria-labelledby="visit-kind"
                value={kind}
                onChange={(v) => setKind(v)}
                data={[
                  { value: 'Scheduled', label: t('book.scheduled') },
                  { value: 'Walk-In', label: t('book.walkIn') },
                ]}
              />
            </Stack>
          </SimpleGrid>

          {kind === 'Scheduled' ? (
            <OpenTimesPicker
              calendarId={scheduleId}
              zone={zone}
              initialDay={day}
              value={slot}
              onChange={setSlot}
              dateLabel={t('book.date')}
              timeLabel={t('book.slot')}
              error={errors.slot}
            />
          ) : (
            <Alert color="orange" variant="light">
              {t('book.walkInHint')}
            </Alert>
          )}

          <Stack gap="xs">
            <Text size="sm" fw={500} id="patient-mode">
              {t('book.patient')}
            </Text>
            <SegmentedControl
              aria-labelledby="patient-mode"
              value={mode}
              onChange={(v) => setMode(v)}
              data={[
                { value: 'existing', label: t('book.existing') },
                { value: 'new', label: t('book.newPatient') },
              ]}
              maw={360}
            />
            {mode === 'existing' ? (
              <Stack gap="xs">
                <TextInput
                  label={t('book.search')}
                  placeholder={t('book.searchPlaceholder')}
                  leftSection={<IconSearch size={16} aria-hidden />}
                  value={query}
                  onChange={(e) => setQuery(e.currentTarget.value)}
                  error={errors.patient}
                  maxLength={100}
                  autoComplete="off"
                />
                {patients.data ? (
                  patients.data.Data.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('book.noPatients')}
                    </Text>
                  ) : (
                    <Radio.Group value={patientId ?? ''} onChange={setPatientId} label={t('book.results')}>
                      <Stack gap={6} mt={4}>
                        {patients.data.Data.map((p) => {
                          const n = p.Name[0];
                          return (
                            <Radio
                              key={p.Id}
                              value={p.Id}
                              label={`${n?.Family ?? ''}, ${n?.Given.join(' ') ?? ''}`}
                              description={p.BirthDate ? t('drawer.born', { date: p.BirthDate }) : undefined}
                            />
                          );
                        })}
                      </Stack>
                    </Radio.Group>
                  )
                ) : null}
              </Stack>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('book.firstName')}
                  required
                  maxLength={35}
                  autoComplete="off"
                  {...field('FirstName')}
                />
                <TextInput
                  label={t('book.lastName')}
                  required
                  maxLength={35}
                  autoComplete="off"
                  {...field('LastName')}
                />
                <TextInput label={t('book.birthDate')} required type="date" {...field('BirthDate')} />
                <Select
                  label={t('book.gender')}
                  required
                  data={GENDERS.map((g) => ({ value: g, label: t(`gender.${g}`) }))}
                  value={form.Gender || null}
                  onChange={(v) => setForm((f) => ({ ...f, Gender: v ?? '' }))}
                  error={errors.Gender}
                  comboboxProps={{ withinPortal: true }}
                />
                <TextInput
                  label={t('book.email')}
                  type="email"
                  maxLength={320}
                  autoComplete="off"
                  {...field('Email')}
                />
                <TextInput
                  label={t('book.mobile')}
                  inputMode="tel"
                  maxLength={14}
                  placeholder="(212) 555-0147"
                  autoComplete="off"
                  {...field('MobilePhone')}
                />
              </SimpleGrid>
            )}
          </Stack>

          <TextInput
            label={t('book.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
          />

          {book.error ? (
            <Alert color="red" role="alert">
              {book.error instanceof ApiError && book.error.issues.length
                ? book.error.issues.map((i) => i.message).join(' ')
                : errorMessage(book.error, tc)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={book.isPending}>
              {kind === 'Walk-In' ? t('book.submitWalkIn') : t('book.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
