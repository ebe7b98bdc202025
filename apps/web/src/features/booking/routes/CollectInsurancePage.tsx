import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { UPLOAD_RULES, type Coverage, type CoverageInput } from '@careslot/contracts';
import {
  checkDob,
  checkMemberId,
  checkName,
  isInsured,
  isInsuranceUpdated,
  parseDob,
  type FieldRule,
} from '@careslot/domain';
import { ApiError } from '../../../shared/api/client';
import { createCoverage, updateCoverage, uploadCardPicture } from '../api/bookingFlow';
import { updateBookingState } from '../bookingState';
import { BookingShell } from '../components/BookingShell';
import { fileToBase64, uploadProblem } from '../../../shared/files/upload';
import { InsurancePlanSearch, type InsuranceOption } from '../components/InsurancePlanSearch';
import { useBookingFlow } from '../useBookingFlow';

export const COLLECT_INSURANCE_PATH = '/book/collect-insurance';

const RELATIONSHIPS = ['Self', 'Spouse', 'Child', 'Other'] as const;
type Relationship = (typeof RELATIONSHIPS)[number];

interface Draft {
  choice: InsuranceOption | null;
  memberId: string;
  relationship: Relationship;
  holderFirst: string;
  holderLast: string;
  holderDob: string;
}

type Errors = Partial<Record<keyof Draft | 'front' | 'back', string>>;

/** The failures of the insurance form; a special choice (self pay, skip, none) needs nothing more. */
export function insuranceErrors(draft: Draft, today: Date): Partial<Record<keyof Draft, FieldRule>> {
  const errors: Partial<Record<keyof Draft, FieldRule>> = {};
  if (!draft.choice) return { choice: 'required' };
  if (draft.choice.Id === null && !isInsured(draft.choice.Name)) return errors;
  const member = checkMemberId(draft.memberId);
  if (!member.valid) errors.memberId = member.rule;
  if (draft.relationship !== 'Self') {
    const first = checkName(draft.holderFirst);
    const last = checkName(draft.holderLast);
    const dob = checkDob(draft.holderDob, today);
    if (!first.valid) errors.holderFirst = first.rule;
    if (!last.valid) errors.holderLast = last.rule;
    if (!dob.valid) errors.holderDob = dob.rule;
  }
  return errors;
}

/**
 * Collect insurance (/book/collect-insurance, stage INSURANCE, when the schedule enables insurance): the plan
 * from the provider's insurances or a special choice (2.9), the member id, the policy holder and pictures of
 * the card. The coverage is saved only when it counts as updated (5.3); the stage machine then moves on.
 */
export function CollectInsurancePage() {
  const { t } = useTranslation('bookingFlow');
  const flow = useBookingFlow();
  const queryClient = useQueryClient();
  const primary: Coverage | null = flow.coverages.data?.find((c) => c.Priority === 'Primary') ?? null;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [fileErrors, setFileErrors] = useState<Errors>({});

  const initial = (): Draft => {
    const chosen = flow.state?.insurance;
    const keep = flow.state?.insuranceConfirmed !== false;
    if (chosen)
      return {
        choice: { Id: chosen.InsurancePlanId ?? null, Name: chosen.Insurance.Display },
        memberId: chosen.SubscriberId ?? '',
        relationship: 'Self',
        holderFirst: '',
        holderLast: '',
        holderDob: '',
      };
    if (keep && primary)
      return {
        choice: { Id: primary.Insurance.Reference, Name: primary.Name },
        memberId: primary.PolicyNumber ?? '',
        relationship: (RELATIONSHIPS as readonly string[]).includes(primary.Relationship)
          ? (primary.Relationship as Relationship)
          : 'Self',
        holderFirst: primary.Subscriber.Name.Given[0] ?? '',
        holderLast: primary.Subscriber.Name.Family,
        holderDob: '',
      };
    return {
      choice: null,
      memberId: '',
      relationship: 'Self',
      holderFirst: '',
      holderLast: '',
      holderDob: '',
    };
  };
  const values = draft ?? (flow.coverages.isLoading ? null : initial());
  const rules = values ? insuranceErrors(values, new Date()) : {};
  const needsDetails = !!values?.choice && (values.choice.Id !== null || isInsured(values.choice.Name));

  const set = (change: Partial<Draft>) => setDraft({ ...(values as Draft), ...change });
  const message = (field: keyof Draft) =>
    submitted && rules[field]
      ? t(`insurance.errors.${field}.${rules[field]}`, {
          defaultValue: t(`demographics.errors.generic.${rules[field]}`),
        })
      : null;

  const pickFile = (side: 'front' | 'back', file: File | null) => {
    const problem = file ? uploadProblem(file, UPLOAD_RULES.imageContentTypes) : null;
    setFileErrors((old) => ({ ...old, [side]: problem ? t(`insurance.errors.${problem}`) : undefined }));
    (side === 'front' ? setFront : setBack)(problem ? null : file);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (!values || Object.keys(rules).length > 0 || !flow.patientId) return;
    const choice = values.choice!;
    if (!needsDetails) {
      flow.advance('INSURANCE', {
        insurance: {
          Insurance: { Display: choice.Name },
          SubscriberId: null,
          InsurancePlanId: null,
          CoverageId: null,
        },
      });
      return;
    }
    setSaving(true);
    try {
      const selection = { Insurance: { Display: choice.Name }, SubscriberId: values.memberId.trim() };
      const input: CoverageInput = {
        PatientId: flow.patientId,
        InsurancePlanId: choice.Id,
        Insurance: selection.Insurance,
        SubscriberId: selection.SubscriberId,
        Relationship: values.relationship,
        Subscriber:
          values.relationship === 'Self'
            ? null
            : {
                FirstName: values.holderFirst.trim(),
                LastName: values.holderLast.trim(),
                BirthDate: parseDob(values.holderDob)!.toISOString().slice(0, 10),
              },
        Priority: 'Primary',
        Status: 'Active',
      };
      let coverage = primary;
      if (
        isInsuranceUpdated(selection, flow.coverages.data ?? []) ||
        values.relationship !== (primary?.Relationship ?? 'Self')
      ) {
        coverage = primary ? await updateCoverage(primary.Id, input) : await createCoverage(input);
      }
      if (coverage && front)
        coverage = await uploadCardPicture(coverage.Id, 'Front', {
          Name: front.name,
          ContentType: front.type,
          Data: await fileToBase64(front),
        });
      if (coverage && back)
        coverage = await uploadCardPicture(coverage.Id, 'Back', {
          Name: back.name,
          ContentType: back.type,
          Data: await fileToBase64(back),
        });
      await queryClient.invalidateQueries({ queryKey: ['coverages'] });
      updateBookingState({ insuranceConfirmed: true });
      flow.advance(
        'INSURANCE',
        { insurance: { ...selection, InsurancePlanId: choice.Id, CoverageId: coverage?.Id ?? null } },
        { insuranceName: choice.Name },
      );
    } catch (error) {
      setFailure(
        error instanceof ApiError
          ? [error.message, ...error.issues.map((i) => i.message)].join(' ')
          : t('common.failed'),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <BookingShell
      held={flow.held}
      timeZone={flow.timeZone}
      dialogs={flow.dialogs}
      title={t('insurance.title')}
      intro={t('insurance.intro')}
    >
      {!values || flow.settings.isLoading ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <Stack gap="md">
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <InsurancePlanSearch
              insurances={flow.settings.data?.Insurances ?? []}
              selfPay={flow.settings.data?.EnableSelfPay ?? false}
              providerWorkflow={flow.held?.workflow === 'CALENDAR'}
              value={values.choice}
              onChange={(choice) => set({ choice })}
              error={message('choice')}
            />
            {needsDetails && (
              <>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <TextInput
                    label={t('insurance.memberId')}
                    description={t('insurance.memberIdHint')}
                    maxLength={30}
                    withAsterisk
                    value={values.memberId}
                    onChange={(e) => set({ memberId: e.currentTarget.value })}
                    error={message('memberId')}
                  />
                  <Select
                    label={t('insurance.relationship')}
                    data={RELATIONSHIPS.map((r) => ({ value: r, label: t(`insurance.relationships.${r}`) }))}
                    value={values.relationship}
                    onChange={(v) => set({ relationship: RELATIONSHIPS.find((r) => r === v) ?? 'Self' })}
                    allowDeselect={false}
                  />
                </SimpleGrid>
                {values.relationship !== 'Self' && (
                  <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                    <TextInput
                      label={t('insurance.holderFirst')}
                      maxLength={35}
                      withAsterisk
                      value={values.holderFirst}
                      onChange={(e) => set({ holderFirst: e.currentTarget.value })}
                      error={message('holderFirst')}
                    />
                    <TextInput
                      label={t('insurance.holderLast')}
                      maxLength={35}
                      withAsterisk
                      value={values.holderLast}
                      onChange={(e) => set({ holderLast: e.currentTarget.value })}
                      error={message('holderLast')}
                    />
                    <TextInput
                      label={t('insurance.holderDob')}
                      placeholder="MM/DD/YYYY"
                      maxLength={10}
                      withAsterisk
                      value={values.holderDob}
                      onChange={(e) => set({ holderDob: e.currentTarget.value })}
                      error={message('holderDob')}
                    />
                  </SimpleGrid>
                )}
                <Text size="sm" fw={500}>
                  {t('insurance.pictures')}
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <FileInput
                    label={t('insurance.front')}
                    description={t('insurance.pictureHint')}
                    accept={UPLOAD_RULES.imageContentTypes.join(',')}
                    clearable
                    clearButtonProps={{ 'aria-label': t('common.clear') }}
                    placeholder={
                      primary?.CardPictures.some((p) => p.Side === 'Front')
                        ? t('insurance.onFile')
                        : t('insurance.choose')
                    }
                    value={front}
                    onChange={(f) => pickFile('front', f)}
                    error={fileErrors.front}
                  />
                  <FileInput
                    label={t('insurance.back')}
                    description={t('insurance.pictureHint')}
                    accept={UPLOAD_RULES.imageContentTypes.join(',')}
                    clearable
                    clearButtonProps={{ 'aria-label': t('common.clear') }}
                    placeholder={
                      primary?.CardPictures.some((p) => p.Side === 'Back')
                        ? t('insurance.onFile')
                        : t('insurance.choose')
                    }
                    value={back}
                    onChange={(f) => pickFile('back', f)}
                    error={fileErrors.back}
                  />
                </SimpleGrid>
              </>
            )}
            <Group justify="flex-end">
              <Button type="submit" size="md" loading={saving || flow.submitting}>
                {t('common.continue')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </BookingShell>
  );
}
