import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Radio,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import {
  VISIT_TYPES,
  type FieldIssue,
  type Schedule,
  type ScheduleSettings,
  type ServiceType,
} from '@careslot/contracts';
import { SCHEDULE_LIMITS, withinLimit, workingHoursIssues } from '@careslot/domain';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { useShowApiError } from '../../../shared/api/useShowApiError';
import { toast } from '../../../shared/ui/toast';
import {
  useSaveScheduleSetting,
  useUpdateSchedule,
  useUpdateScheduleServices,
  type ScheduleChanges,
} from '../api/scheduleSettings';
import { ExceptionsEditor } from './ExceptionsEditor';
import { WeeklyHoursEditor } from './WeeklyHoursEditor';

interface Props {
  schedule: Schedule;
  settings: ScheduleSettings | undefined;
  /** The practice's reasons, to choose those the calendar offers. */
  reasons: ServiceType[];
  title: string;
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/**
 * One calendar's settings: weekly hours, visit types and reasons, how far ahead and how soon patients may
 * book, online booking, approval, and what the booking asks (demographics, insurance). One Save writes the
 * schedule, its reasons and its booking settings; days off are saved as they are added.
 */
export function ScheduleEditor({ schedule, settings, reasons, title }: Props) {
  const { t } = useTranslation('scheduleSettings');
  const showError = useShowApiError();
  const update = useUpdateSchedule();
  const services = useUpdateScheduleServices();
  const saveSetting = useSaveScheduleSetting();
  const [form, setForm] = useState<ScheduleChanges>({
    WorkingHours: schedule.WorkingHours,
    VisitType: schedule.VisitType,
    PlanningHorizonDays: schedule.PlanningHorizonDays,
    SlotHideHours: schedule.SlotHideHours,
    OnlineBookingEnabled: schedule.OnlineBookingEnabled,
    requires_approval: schedule.requires_approval,
  });
  const [reasonIds, setReasonIds] = useState<string[]>(schedule.ServiceType.map((s) => s.Id));
  const [demographics, setDemographics] = useState<boolean | null>(null);
  const [insurance, setInsurance] = useState<boolean | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const collect = demographics ?? settings?.CollectPatientDemographics ?? false;
  const insured = insurance ?? settings?.EnableInsurance ?? false;
  const patch = (next: Partial<ScheduleChanges>) => setForm((f) => ({ ...f, ...next }));
  const saving = update.isPending || services.isPending || saveSetting.isPending;

  const ruleText = (issue: FieldIssue) => t(`rules.${issue.rule}`, { defaultValue: issue.message });
  function check(): Record<string, string> {
    const found: Record<string, string> = {};
    for (const issue of workingHoursIssues(form.WorkingHours))
      found[issue.field] ??= t(`rules.${issue.rule}`);
    if (form.VisitType.length === 0) found.VisitType = t('rules.visitTypeRequired');
    const { planningHorizonDays: h, slotHideHours: s } = SCHEDULE_LIMITS;
    if (!withinLimit(form.PlanningHorizonDays, h)) found.PlanningHorizonDays = t('rules.between', h);
    if (!withinLimit(form.SlotHideHours, s)) found.SlotHideHours = t('rules.between', s);
    return found;
  }

  async function save() {
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await update.mutateAsync({ id: schedule.Id, changes: form });
      if (
        !sameSet(
          reasonIds,
          schedule.ServiceType.map((s) => s.Id),
        )
      )
        await services.mutateAsync({ id: schedule.Id, serviceTypeIds: reasonIds });
      if (
        settings &&
        (collect !== settings.CollectPatientDemographics || insured !== settings.EnableInsurance)
      ) {
        await saveSetting.mutateAsync({
          scheduleId: schedule.Id,
          CollectPatientDemographics: collect,
          EnableInsurance: insured,
        });
      }
      toast.success(t('saved'));
    } catch (error) {
      if (error instanceof ApiError && error.issues.length) {
        setErrors(
          Object.fromEntries(
            error.issues.map((issue) => [issue.field.replace(/^body\./, ''), ruleText(issue)]),
          ),
        );
      }
      showError(error);
    }
  }

  // Opening a calendar brings its settings into view and moves focus to its heading (keyboard and screen reader).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, []);

  const errorCount = Object.keys(errors).length;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="schedule-editor-title">
      <Stack gap="lg">
        <Title order={3} id="schedule-editor-title" ref={heading} tabIndex={-1}>
          {title}
        </Title>
        {errorCount > 0 && (
          <Alert color="red" role="alert" title={t('fixErrors')}>
            {Object.entries(errors).map(([field, message]) => (
              <Text key={field} size="sm">
                {t(`fields.${field.split('.')[0]}`, { defaultValue: field })}: {message}
              </Text>
            ))}
          </Alert>
        )}

        <Stack gap="xs">
          <Title order={4}>{t('sections.hours')}</Title>
          <Text size="sm" c="dimmed">
            {t('hours.help', { zone: schedule.TimeZone })}
          </Text>
          <WeeklyHoursEditor
            value={form.WorkingHours}
            onChange={(WorkingHours) => patch({ WorkingHours })}
            errors={errors}
          />
        </Stack>

        <Stack gap="xs">
          <Title order={4}>{t('sections.exceptions')}</Title>
          <ExceptionsEditor schedule={schedule} />
        </Stack>

        <Stack gap="sm">
          <Title order={4}>{t('sections.booking')}</Title>
          <Checkbox.Group
            label={t('fields.VisitType')}
            value={form.VisitType}
            onChange={(v) => patch({ VisitType: v })}
            error={errors.VisitType}
          >
            <Group mt="xs">
              {VISIT_TYPES.map((v) => (
                <Checkbox key={v} value={v} label={t(`visitTypes.${v}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Checkbox.Group
            label={t('fields.ServiceTypeIds')}
            description={t('reasonsHelp')}
            value={reasonIds}
            onChange={setReasonIds}
            error={errors['ServiceTypeIds']}
          >
            <Group mt="xs">
              {reasons.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('noReasons')}
                </Text>
              )}
              {reasons.map((r) => (
                <Checkbox key={r.Id} value={r.Id} label={r.Name} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group grow align="flex-start" wrap="wrap">
            <NumberInput
              label={t('fields.PlanningHorizonDays')}
              description={t('horizonHelp')}
              min={SCHEDULE_LIMITS.planningHorizonDays.min}
              max={SCHEDULE_LIMITS.planningHorizonDays.max}
              allowDecimal={false}
              clampBehavior="none"
              value={form.PlanningHorizonDays}
              onChange={(v) => patch({ PlanningHorizonDays: typeof v === 'number' ? v : Number(v) })}
              error={errors.PlanningHorizonDays}
              miw={200}
            />
            <NumberInput
              label={t('fields.SlotHideHours')}
              description={t('hideHelp')}
              min={SCHEDULE_LIMITS.slotHideHours.min}
              max={SCHEDULE_LIMITS.slotHideHours.max}
              allowDecimal={false}
              clampBehavior="none"
              value={form.SlotHideHours}
              onChange={(v) => patch({ SlotHideHours: typeof v === 'number' ? v : Number(v) })}
              error={errors.SlotHideHours}
              miw={200}
            />
          </Group>
          <Switch
            label={t('fields.OnlineBookingEnabled')}
            description={t('onlineHelp')}
            checked={form.OnlineBookingEnabled}
            onChange={(e) => patch({ OnlineBookingEnabled: e.currentTarget.checked })}
          />
          <Radio.Group
            label={t('fields.requires_approval')}
            value={form.requires_approval ? 'review' : 'auto'}
            onChange={(v) => patch({ requires_approval: v === 'review' })}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="auto" label={t('approval.auto')} />
              <Radio value="review" label={t('approval.review')} />
            </Stack>
          </Radio.Group>
        </Stack>

        <Stack gap="sm">
          <Title order={4}>{t('sections.patientDetails')}</Title>
          <Switch
            label={t('fields.CollectPatientDemographics')}
            checked={collect}
            disabled={!settings}
            onChange={(e) => setDemographics(e.currentTarget.checked)}
          />
          <Switch
            label={t('fields.EnableInsurance')}
            checked={insured}
            disabled={!settings}
            onChange={(e) => setInsurance(e.currentTarget.checked)}
          />
        </Stack>

        <Group justify="flex-end">
          <Button onClick={() => void save()} loading={saving}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
