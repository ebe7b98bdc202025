import { useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  ALL_REASONS_SERVICE_TYPE,
  CUSTOM_FORM_TYPES,
  FORM_COMPONENT_TYPES,
  type CustomForm,
  type CustomFormType,
  type FormComponent,
  type FormComponentType,
} from '@careslot/contracts';
import { ApiError } from '../../../shared/api/client';
import { usePractice } from '../../../shared/session/practice';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { usePracticeForms, useSaveForm } from '../api/forms';
import { FormPreview, type QuestionsRenderer } from '../components/FormPreview';

/** A question as the builder edits it: options as one line of text. */
interface Draft {
  Key: string;
  Type: FormComponentType;
  Label: string;
  Required: boolean;
  Options: string;
  ShowWhenKey: string | null;
  ShowWhenValue: string;
  /** Added in this edit: its key comes from its label when saved (a saved question keeps its key). */
  fresh?: boolean;
}

const keyOf = (label: string, taken: readonly string[]) => {
  const base =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^[^a-z]+/, '')
      .slice(0, 40)
      .replace(/_+$/, '') || 'question';
  let key = base;
  for (let n = 2; taken.includes(key); n += 1) key = `${base}_${n}`;
  return key;
};

const toDraft = (c: FormComponent): Draft => ({
  Key: c.Key,
  Type: c.Type,
  Label: c.Label,
  Required: c.Required,
  Options: (c.Options ?? []).map((o) => o.Label).join(', '),
  ShowWhenKey: c.ShowWhen?.Key ?? null,
  ShowWhenValue: c.ShowWhen?.In[0] ?? 'yes',
});

function toComponent(d: Draft): FormComponent {
  const options = d.Options.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return {
    Key: d.Key,
    Type: d.Type,
    Label: d.Label.trim(),
    Required: d.Type === 'display' ? false : d.Required,
    ...(d.Type === 'choice' || d.Type === 'multi-choice'
      ? {
          Options: options.map((label, i) => ({
            Value: keyOf(label, []) || `option_${i + 1}`,
            Label: label,
          })),
        }
      : {}),
    ...(d.Type === 'scale' ? { Min: 0, Max: 10 } : {}),
    ...(d.ShowWhenKey ? { ShowWhen: { Key: d.ShowWhenKey, In: [d.ShowWhenValue] } } : {}),
  };
}

function FormEditor({
  form,
  onDone,
  renderQuestions,
}: {
  form: CustomForm | null;
  onDone: () => void;
  renderQuestions: QuestionsRenderer;
}) {
  const { t } = useTranslation('formBuilder');
  const practice = usePractice();
  const save = useSaveForm();
  const [name, setName] = useState(form?.Name ?? '');
  const [type, setType] = useState<CustomFormType>(form?.FormType ?? 'Intake Form');
  const [reasons, setReasons] = useState<string[]>(
    form?.AssociatedServiceTypes.map((r) => r.Id) ?? [ALL_REASONS_SERVICE_TYPE.Id],
  );
  const [questions, setQuestions] = useState<Draft[]>(
    form?.Definition.Sections.flatMap((s) => s.Components).map(toDraft) ?? [],
  );
  const [preview, setPreview] = useState<CustomForm['Definition'] | null>(null);
  const reasonOptions = [
    { value: ALL_REASONS_SERVICE_TYPE.Id, label: t('allReasons') },
    ...practice.serviceTypes.map((s) => ({ value: s.Id, label: s.Name })),
  ];
  const update = (i: number, change: Partial<Draft>) =>
    setQuestions((qs) => qs.map((q, j) => (j === i ? { ...q, ...change } : q)));
  const add = () =>
    setQuestions((qs) => [
      ...qs,
      {
        Key: keyOf(
          `question ${qs.length + 1}`,
          qs.map((q) => q.Key),
        ),
        Type: 'text',
        Label: '',
        Required: false,
        Options: '',
        ShowWhenKey: null,
        ShowWhenValue: 'yes',
        fresh: true,
      },
    ]);

  /** The questions as saved: a new question's key from its label, conditions following the keys. */
  const definition = (): CustomForm['Definition'] => {
    const taken: string[] = questions.filter((q) => !q.fresh).map((q) => q.Key);
    const components = questions.map((q, i) => {
      if (!q.fresh) return q;
      const key = keyOf(q.Label || `question ${i + 1}`, taken);
      taken.push(key);
      return { ...q, Key: key };
    });
    // Conditions name questions by their old keys: follow them to the new ones.
    const renamed = new Map(questions.map((q, i) => [q.Key, components[i]!.Key]));
    return {
      Sections: [
        {
          Key: 'main',
          Title: name || 'Form',
          Components: components.map((q) =>
            toComponent({
              ...q,
              ShowWhenKey: q.ShowWhenKey ? (renamed.get(q.ShowWhenKey) ?? null) : null,
            }),
          ),
        },
      ],
    };
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        id: form?.Id ?? null,
        input: {
          OrganizationId: practice.organizationId!,
          Name: name,
          Description: form?.Description ?? null,
          FormType: type,
          AssociatedServiceTypes: reasons.map((id) => ({
            Id: id,
            Name: reasonOptions.find((o) => o.value === id)?.label ?? id,
          })),
          LocationIds: form?.LocationIds ?? [],
          ProviderIds: form?.ProviderIds ?? [],
          ResourceIds: form?.ResourceIds ?? [],
          SortOrder: 0,
          Active: true,
          Definition: definition(),
        },
      },
      { onSuccess: onDone },
    );
  };

  const error =
    save.error instanceof ApiError && save.error.issues.length
      ? save.error.issues.map((i) => `${i.field}: ${i.message ?? i.rule}`).join('; ')
      : save.error?.message;

  return (
    <Paper withBorder radius="lg" p="md" component="form" onSubmit={submit} aria-label={t('editor')}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {form ? t('editTitle', { version: form.Version }) : t('newTitle')}
        </Title>
        <Group grow wrap="wrap" align="flex-end">
          <TextInput
            label={t('name')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Select
            label={t('type')}
            data={CUSTOM_FORM_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
            value={type}
            onChange={(v) => v && setType(v)}
            allowDeselect={false}
          />
        </Group>
        <MultiSelect label={t('reasons')} data={reasonOptions} value={reasons} onChange={setReasons} />
        {questions.map((q, i) => {
          const earlierYesNo = questions.slice(0, i).filter((x) => x.Type === 'yes-no');
          return (
            <Paper
              key={q.Key}
              withBorder
              p="sm"
              radius="md"
              component="fieldset"
              aria-label={t('question', { n: i + 1 })}
            >
              <Stack gap="xs">
                <Text fw={600}>{t('question', { n: i + 1 })}</Text>
                <Group grow wrap="wrap" align="flex-end">
                  {q.Type === 'display' ? (
                    <Textarea
                      label={t('label', { n: i + 1 })}
                      value={q.Label}
                      onChange={(e) => update(i, { Label: e.currentTarget.value })}
                    />
                  ) : (
                    <TextInput
                      label={t('label', { n: i + 1 })}
                      value={q.Label}
                      onChange={(e) => update(i, { Label: e.currentTarget.value })}
                    />
                  )}
                  <Select
                    label={t('questionType', { n: i + 1 })}
                    data={FORM_COMPONENT_TYPES.map((v) => ({ value: v, label: t(`componentTypes.${v}`) }))}
                    value={q.Type}
                    onChange={(v) => v && update(i, { Type: v })}
                    allowDeselect={false}
                  />
                </Group>
                {(q.Type === 'choice' || q.Type === 'multi-choice') && (
                  <TextInput
                    label={t('options', { n: i + 1 })}
                    value={q.Options}
                    onChange={(e) => update(i, { Options: e.currentTarget.value })}
                  />
                )}
                <Group wrap="wrap" align="flex-end">
                  {q.Type !== 'display' && (
                    <Checkbox
                      label={t('required', { n: i + 1 })}
                      checked={q.Required}
                      onChange={(e) => update(i, { Required: e.currentTarget.checked })}
                    />
                  )}
                  {earlierYesNo.length > 0 && (
                    <Select
                      label={t('showWhen', { n: i + 1 })}
                      placeholder={t('always')}
                      clearable
                      data={earlierYesNo.flatMap((x) =>
                        ['yes', 'no'].map((v) => ({
                          value: `${x.Key}|${v}`,
                          label: `${x.Label || x.Key}: ${t(v)}`,
                        })),
                      )}
                      value={q.ShowWhenKey ? `${q.ShowWhenKey}|${q.ShowWhenValue}` : null}
                      onChange={(v) =>
                        update(i, {
                          ShowWhenKey: v ? v.split('|')[0]! : null,
                          ShowWhenValue: v ? v.split('|')[1]! : 'yes',
                        })
                      }
                    />
                  )}
                  <Button
                    variant="subtle"
                    color="red"
                    onClick={() => setQuestions((qs) => qs.filter((_, j) => j !== i))}
                  >
                    {t('remove', { n: i + 1 })}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          );
        })}
        <Group>
          <Button variant="light" onClick={add}>
            {t('addQuestion')}
          </Button>
          <Button variant="default" onClick={() => setPreview(definition())}>
            {t('preview')}
          </Button>
        </Group>
        <FormPreview
          name={name.trim() || t('untitled')}
          definition={preview}
          onClose={() => setPreview(null)}
          renderQuestions={renderQuestions}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={questions.length === 0}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /practice-admin/settings/forms: the practice's custom forms and the builder (issue 26; decision 0093). Its
 * preview renders through `renderQuestions`, the patient's check-in renderer (app/routes/FormBuilderScreen.tsx).
 */
export function FormBuilderPage({ renderQuestions }: { renderQuestions: QuestionsRenderer }) {
  const { t } = useTranslation('formBuilder');
  const practice = usePractice();
  const forms = usePracticeForms(practice.organizationId);
  const [editing, setEditing] = useState<CustomForm | 'new' | null>(null);
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('heading')}
        </Title>
        {!editing && <Button onClick={() => setEditing('new')}>{t('newForm')}</Button>}
      </Group>
      {editing ? (
        <FormEditor
          form={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
          renderQuestions={renderQuestions}
        />
      ) : forms.isPending ? (
        <LoadingSpinner />
      ) : forms.error ? (
        <Alert color="red" role="alert">
          {forms.error.message}
        </Alert>
      ) : (forms.data ?? []).length === 0 ? (
        <Text>{t('empty')}</Text>
      ) : (
        <Paper withBorder radius="lg" p="xs">
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('name')}</Table.Th>
                  <Table.Th scope="col">{t('type')}</Table.Th>
                  <Table.Th scope="col">{t('version')}</Table.Th>
                  <Table.Th scope="col">{t('reasons')}</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>{t('actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(forms.data ?? []).map((f) => (
                  <Table.Tr key={f.Id}>
                    <Table.Th scope="row" fw={500}>
                      {f.Name}
                    </Table.Th>
                    <Table.Td>{t(`types.${f.FormType}`)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light">{f.Version}</Badge>
                    </Table.Td>
                    <Table.Td>
                      {f.AssociatedServiceTypes.map((r) =>
                        r.Id === ALL_REASONS_SERVICE_TYPE.Id ? t('allReasons') : r.Name,
                      ).join(', ') || t('allReasons')}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setEditing(f)}
                        aria-label={t('editForm', { name: f.Name })}
                      >
                        {t('edit')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
