import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Divider, Group, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FormAnswer, FormAnswers, PreBookingResponse } from '@careslot/contracts';
import { validateFormAnswers, type FormErrors } from '@careslot/domain';
import { ApiError } from '../../../shared/api/client';
import { savePreBookingResponse, uploadFormFile } from '../api/bookingFlow';
import { updateBookingState } from '../bookingState';
import { BookingShell } from '../components/BookingShell';
import { CustomFormRenderer } from '../components/CustomFormRenderer';
import { fileToBase64 } from '../../../shared/files/upload';
import { useBookingFlow } from '../useBookingFlow';

export { SCREENING_FORM_PATH } from '../paths';

/**
 * The screening form (/screening-form, stage SCREENING_FORM): the practice's screening forms that apply to the
 * held slot and reason (4.3 step 7), answered before the booking form. Answers are kept as they are typed (3.10)
 * and saved as pre-booking responses on Continue; the stage machine then moves on (rule 1).
 */
export function ScreeningFormPage() {
  const { t } = useTranslation('bookingFlow');
  const flow = useBookingFlow();
  const forms = useMemo(() => flow.screeningForms.data ?? [], [flow.screeningForms.data]);
  const [answers, setAnswers] = useState<Record<string, FormAnswers>>(
    () => flow.state?.screening?.answers ?? {},
  );
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const errors: Record<string, FormErrors> = useMemo(
    () =>
      Object.fromEntries(forms.map((f) => [f.Id, validateFormAnswers(f.Definition, answers[f.Id] ?? {})])),
    [forms, answers],
  );
  const errorCount = Object.values(errors).reduce((n, e) => n + Object.keys(e).length, 0);

  const change = (formId: string) => (key: string, value: FormAnswer) => {
    setAnswers((old) => {
      const next = { ...old, [formId]: { ...(old[formId] ?? {}), [key]: value } };
      updateBookingState({ screening: { answers: next, responseIds: [], done: false } });
      return next;
    });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (errorCount > 0) return;
    setSaving(true);
    try {
      const saved: PreBookingResponse[] = [];
      for (const form of forms)
        saved.push(
          await savePreBookingResponse({
            CustomFormId: form.Id,
            CustomFormResponse: answers[form.Id] ?? {},
            PatientId: flow.patientId ?? undefined,
          }),
        );
      flow.advance('SCREENING_FORM', {
        screening: { answers, responseIds: saved.map((s) => s.Id), done: true },
        customForms: forms.map((form, i) => ({
          CustomFormId: form.Id,
          Name: form.Name,
          FormType: form.FormType,
          PreBookingResponseId: saved[i]!.Id,
        })),
      });
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : t('common.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <BookingShell
      held={flow.held}
      timeZone={flow.timeZone}
      dialogs={flow.dialogs}
      title={t('screening.title')}
      intro={t('screening.intro')}
    >
      {flow.screeningForms.isLoading || flow.schedule.isLoading ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      ) : forms.length === 0 ? (
        <Stack gap="md">
          <Alert color="blue">{t('screening.none')}</Alert>
          <Group justify="flex-end">
            <Button
              onClick={() =>
                flow.advance('SCREENING_FORM', { screening: { answers: {}, responseIds: [], done: true } })
              }
            >
              {t('common.continue')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <Stack gap="lg">
            {submitted && errorCount > 0 && (
              <Alert color="red" role="alert">
                {t('screening.fix', { count: errorCount })}
              </Alert>
            )}
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            {forms.map((form, i) => (
              <Stack key={form.Id} gap="md">
                {i > 0 && <Divider />}
                {forms.length > 1 && (
                  <Title order={3} size="h4">
                    {form.Name}
                  </Title>
                )}
                <CustomFormRenderer
                  form={form}
                  answers={answers[form.Id] ?? {}}
                  errors={submitted ? (errors[form.Id] ?? {}) : {}}
                  onChange={change(form.Id)}
                  onUpload={async (file) =>
                    uploadFormFile(flow.patientId!, {
                      Name: file.name,
                      ContentType: file.type,
                      Data: await fileToBase64(file),
                    })
                  }
                />
              </Stack>
            ))}
            <Group justify="flex-end">
              <Button type="submit" size="md" loading={saving}>
                {t('common.continue')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </BookingShell>
  );
}
