import {
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { VISIT_TYPES, type ServiceCategory, type ServiceType, type VisitType } from '@careslot/contracts';
import { SCHEDULE_LIMITS, withinLimit } from '@careslot/domain';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../shared/api/client';
import { useShowApiError } from '../../../shared/api/useShowApiError';
import { usePractice } from '../../../shared/session/practice';
import { AppDialog } from '../../../shared/ui/AppDialog';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { toast } from '../../../shared/ui/toast';
import {
  useSaveCategory,
  useSaveType,
  useServiceCategories,
  useServiceTypes,
  type CategoryInput,
  type TypeInput,
} from '../api/scheduleSettings';

type Errors = Record<string, string>;

/** A 400's issues by field (the body's prefix dropped), each with its rule's words. */
function issuesOf(error: unknown, rule: (r: string, fallback: string) => string): Errors {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    error.issues.map((i) => [i.field.replace(/^body\./, ''), rule(i.rule, i.message)]),
  );
}

/** The rules a category and a reason share: a name, and a duration within the limits. */
function nameAndDurationErrors(
  values: { Name: string; Duration: number },
  t: TFunction<'scheduleSettings'>,
): Errors {
  const found: Errors = {};
  if (!values.Name.trim()) found.Name = t('rules.required');
  if (!withinLimit(values.Duration, SCHEDULE_LIMITS.durationMinutes))
    found.Duration = t('rules.between', SCHEDULE_LIMITS.durationMinutes);
  return found;
}

/** Saves a dialog's values: on success a toast and the dialog closes; a refusal marks the fields and is shown. */
function useDialogSave<V>(
  mutate: (input: V, options: { onSuccess: () => void; onError: (error: Error) => void }) => void,
  onClose: () => void,
  setErrors: (errors: Errors) => void,
) {
  const { t } = useTranslation('scheduleSettings');
  const showError = useShowApiError();
  return (input: V) =>
    mutate(input, {
      onSuccess: () => {
        toast.success(t('saved'));
        onClose();
      },
      onError: (error) => {
        setErrors(issuesOf(error, (rule, fallback) => t(`rules.${rule}`, { defaultValue: fallback })));
        showError(error);
      },
    });
}

/** The duration in minutes, within the schedule limits. */
function DurationInput({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (minutes: number) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('scheduleSettings');
  return (
    <NumberInput
      label={t('fields.DurationMinutes')}
      required
      min={SCHEDULE_LIMITS.durationMinutes.min}
      max={SCHEDULE_LIMITS.durationMinutes.max}
      allowDecimal={false}
      clampBehavior="none"
      value={value}
      onChange={(v) => onChange(Number(v))}
      error={error}
    />
  );
}

/**
 * /practice-admin/settings/reasons: the practice's service categories (groups of reasons sharing places:
 * name, duration, capacity) and its visit reasons (name, duration, category, visit type, alias). Changing
 * one reshapes the slots of the calendars that offer it, live.
 */
export function ReasonsSettingsPage() {
  const { t } = useTranslation('scheduleSettings');
  const practice = usePractice();
  const categories = useServiceCategories(practice.organizationId);
  const types = useServiceTypes(practice.organizationId);
  const [category, setCategory] = useState<ServiceCategory | 'new' | null>(null);
  const [type, setType] = useState<ServiceType | 'new' | null>(null);
  const categoryName = (id: string | null) =>
    categories.data?.find((c) => c.Id === id)?.Name ?? t('reasons.noCategory');

  return (
    <Stack gap="lg">
      <Title order={2} fz="h3">
        {t('reasonsTitle')}
      </Title>

      <Stack gap="sm" component="section" aria-labelledby="categories-title">
        <Group justify="space-between">
          <Title order={3} fz="h4" id="categories-title">
            {t('categories.title')}
          </Title>
          <Button size="xs" onClick={() => setCategory('new')}>
            {t('categories.add')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('categories.intro')}
        </Text>
        {categories.isPending ? (
          <LoadingSpinner minHeight={80} />
        ) : (
          <Paper withBorder radius="lg" p={0} style={{ overflowX: 'auto' }}>
            <Table striped verticalSpacing="sm" aria-labelledby="categories-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fields.Name')}</Table.Th>
                  <Table.Th>{t('fields.Duration')}</Table.Th>
                  <Table.Th>{t('fields.Capacity')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(categories.data ?? []).map((c) => (
                  <Table.Tr key={c.Id}>
                    <Table.Td>{c.Name}</Table.Td>
                    <Table.Td>{t('minutes', { count: c.Duration })}</Table.Td>
                    <Table.Td>{c.Capacity ?? t('categories.scheduleCapacity')}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={t('editLabel', { name: c.Name })}
                        onClick={() => setCategory(c)}
                      >
                        {t('edit')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="reasons-title">
        <Group justify="space-between">
          <Title order={3} fz="h4" id="reasons-title">
            {t('reasons.title')}
          </Title>
          <Button size="xs" onClick={() => setType('new')}>
            {t('reasons.add')}
          </Button>
        </Group>
        {types.isPending ? (
          <LoadingSpinner minHeight={80} />
        ) : (
          <Paper withBorder radius="lg" p={0} style={{ overflowX: 'auto' }}>
            <Table striped verticalSpacing="sm" aria-labelledby="reasons-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fields.Name')}</Table.Th>
                  <Table.Th>{t('fields.Duration')}</Table.Th>
                  <Table.Th>{t('fields.ServiceCategoryId')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('fields.VisitTypeOne')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('fields.Alias')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(types.data ?? []).map((r) => (
                  <Table.Tr key={r.Id} data-reason-id={r.Id}>
                    <Table.Td>
                      {r.Name}
                      <Text size="xs" c="dimmed" hiddenFrom="sm">
                        {t(`visitTypes.${r.VisitType}`)}
                        {r.Alias ? ` · ${r.Alias}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>{t('minutes', { count: r.Duration })}</Table.Td>
                    <Table.Td>{categoryName(r.ServiceCategoryId)}</Table.Td>
                    <Table.Td visibleFrom="sm">{t(`visitTypes.${r.VisitType}`)}</Table.Td>
                    <Table.Td visibleFrom="sm">{r.Alias ?? ''}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={t('editLabel', { name: r.Name })}
                        onClick={() => setType(r)}
                      >
                        {t('edit')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </Stack>

      {category && (
        <CategoryDialog
          key={category === 'new' ? 'new' : category.Id}
          category={category === 'new' ? null : category}
          onClose={() => setCategory(null)}
        />
      )}
      {type && (
        <ReasonDialog
          key={type === 'new' ? 'new' : type.Id}
          reason={type === 'new' ? null : type}
          categories={categories.data ?? []}
          onClose={() => setType(null)}
        />
      )}
    </Stack>
  );
}

function CategoryDialog({ category, onClose }: { category: ServiceCategory | null; onClose: () => void }) {
  const { t } = useTranslation('scheduleSettings');
  const save = useSaveCategory();
  const [values, setValues] = useState<CategoryInput>({
    Name: category?.Name ?? '',
    Duration: category?.Duration ?? 30,
    Capacity: category?.Capacity ?? null,
  });
  const [errors, setErrors] = useState<Errors>({});
  const send = useDialogSave(save.mutate, onClose, setErrors);
  const submit = () => {
    const found = nameAndDurationErrors(values, t);
    if (values.Capacity !== null && !withinLimit(values.Capacity, SCHEDULE_LIMITS.capacity))
      found.Capacity = t('rules.between', SCHEDULE_LIMITS.capacity);
    setErrors(found);
    if (Object.keys(found).length) return;
    send({ id: category?.Id ?? null, values: { ...values, Name: values.Name.trim() } });
  };
  return (
    <AppDialog
      opened
      onClose={onClose}
      title={category ? t('categories.editTitle', { name: category.Name }) : t('categories.add')}
      primary={{ label: t('save'), onClick: submit, loading: save.isPending }}
      secondary={{ label: t('cancel'), onClick: onClose }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('fields.Name')}
          required
          maxLength={SCHEDULE_LIMITS.nameLength}
          value={values.Name}
          onChange={(e) => setValues({ ...values, Name: e.currentTarget.value })}
          error={errors.Name}
        />
        <DurationInput
          value={values.Duration}
          onChange={(Duration) => setValues({ ...values, Duration })}
          error={errors.Duration}
        />
        <NumberInput
          label={t('fields.Capacity')}
          description={t('categories.capacityHelp')}
          min={SCHEDULE_LIMITS.capacity.min}
          max={SCHEDULE_LIMITS.capacity.max}
          allowDecimal={false}
          clampBehavior="none"
          value={values.Capacity ?? ''}
          onChange={(v) => setValues({ ...values, Capacity: v === '' ? null : Number(v) })}
          error={errors.Capacity}
        />
      </Stack>
    </AppDialog>
  );
}

function ReasonDialog({
  reason,
  categories,
  onClose,
}: {
  reason: ServiceType | null;
  categories: ServiceCategory[];
  onClose: () => void;
}) {
  const { t } = useTranslation('scheduleSettings');
  const save = useSaveType();
  const [values, setValues] = useState<TypeInput>({
    Name: reason?.Name ?? '',
    Alias: reason?.Alias ?? null,
    Duration: reason?.Duration ?? 30,
    ServiceCategoryId: reason?.ServiceCategoryId ?? null,
    VisitType: reason?.VisitType ?? 'Office',
    Services: reason?.Services ?? [],
  });
  const [errors, setErrors] = useState<Errors>({});
  const send = useDialogSave(save.mutate, onClose, setErrors);
  const submit = () => {
    const found = nameAndDurationErrors(values, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    send({
      id: reason?.Id ?? null,
      values: { ...values, Name: values.Name.trim(), Alias: values.Alias?.trim() || null },
    });
  };
  return (
    <AppDialog
      opened
      onClose={onClose}
      title={reason ? t('reasons.editTitle', { name: reason.Name }) : t('reasons.add')}
      primary={{ label: t('save'), onClick: submit, loading: save.isPending }}
      secondary={{ label: t('cancel'), onClick: onClose }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('fields.Name')}
          required
          maxLength={SCHEDULE_LIMITS.nameLength}
          value={values.Name}
          onChange={(e) => setValues({ ...values, Name: e.currentTarget.value })}
          error={errors.Name}
        />
        <TextInput
          label={t('fields.Alias')}
          description={t('reasons.aliasHelp')}
          maxLength={SCHEDULE_LIMITS.aliasLength}
          value={values.Alias ?? ''}
          onChange={(e) => setValues({ ...values, Alias: e.currentTarget.value })}
          error={errors.Alias}
        />
        <DurationInput
          value={values.Duration}
          onChange={(Duration) => setValues({ ...values, Duration })}
          error={errors.Duration}
        />
        <Select
          label={t('fields.ServiceCategoryId')}
          value={values.ServiceCategoryId ?? ''}
          onChange={(v) => setValues({ ...values, ServiceCategoryId: v || null })}
          data={[
            { value: '', label: t('reasons.noCategory') },
            ...categories.map((c) => ({ value: c.Id, label: c.Name })),
          ]}
          allowDeselect={false}
          error={errors.ServiceCategoryId}
        />
        <Select
          label={t('fields.VisitTypeOne')}
          value={values.VisitType}
          onChange={(v) => setValues({ ...values, VisitType: (v as VisitType) ?? 'Office' })}
          data={VISIT_TYPES.map((v) => ({ value: v, label: t(`visitTypes.${v}`) }))}
          allowDeselect={false}
          error={errors.VisitType}
        />
      </Stack>
    </AppDialog>
  );
}
