import { lazy, Suspense, useState } from 'react';
import { Checkbox, FileInput, Group, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  UPLOAD_RULES,
  type CustomForm,
  type FormAnswer,
  type FormAnswers,
  type FormComponent,
  type StoredFileRef,
} from '@careslot/contracts';
import { visibleComponents, type FormErrors, type FormRule } from '@careslot/domain';
import { uploadProblem } from '../../../shared/files/upload';

// Number fields are rare in screening forms: their input loads with the first form that has one, a plain
// text box of the same size standing in for the moment it takes.
const NumberInput = lazy(() => import('./NumberField').then((m) => ({ default: m.NumberInput })));

export interface CustomFormRendererProps {
  form: Pick<CustomForm, 'Id' | 'Name' | 'Description' | 'Definition'>;
  answers: FormAnswers;
  /** The failures to show (the page decides when: after a first submit). */
  errors: FormErrors;
  onChange: (key: string, value: FormAnswer) => void;
  /** Stores a chosen file and answers its reference (file components). */
  onUpload?: (file: File) => Promise<StoredFileRef>;
}

/**
 * Renders a custom form definition (sections; text, number, date, choice, multi-choice, yes/no, signature and
 * file components): only the components whose ShowWhen condition holds, required ones marked, and each failing
 * one with a message that names its rule.
 */
export function CustomFormRenderer({ form, answers, errors, onChange, onUpload }: CustomFormRendererProps) {
  const { t } = useTranslation('bookingFlow');
  const visible = new Set(visibleComponents(form.Definition, answers).map((c) => c.Key));
  const [uploadErrors, setUploadErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState<string | null>(null);

  const message = (component: FormComponent): string | undefined => {
    if (uploadErrors[component.Key]) return uploadErrors[component.Key];
    const rule: FormRule | undefined = errors[component.Key];
    if (!rule) return undefined;
    return t(`renderer.errors.${rule}`, {
      min: component.Min,
      max: component.Max,
      maxLength: component.MaxLength ?? 2000,
    });
  };

  const field = (component: FormComponent) => {
    const id = `${form.Id}-${component.Key}`;
    const value = answers[component.Key];
    const error = message(component);
    const common = {
      label: component.Label,
      description: component.Help,
      withAsterisk: component.Required,
      error,
      id,
    };
    switch (component.Type) {
      case 'text':
        return (
          <Textarea
            {...common}
            rows={3}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => onChange(component.Key, e.currentTarget.value)}
          />
        );
      case 'display':
        return (
          <Text id={id} size="sm">
            {component.Label}
          </Text>
        );
      case 'number':
      case 'scale':
        return (
          <Suspense
            fallback={
              <TextInput {...common} readOnly value={typeof value === 'number' ? String(value) : ''} />
            }
          >
            <NumberInput
              {...common}
              min={component.Min ?? (component.Type === 'scale' ? 0 : undefined)}
              max={component.Max ?? (component.Type === 'scale' ? 10 : undefined)}
              allowDecimal={component.Type === 'number'}
              value={typeof value === 'number' ? value : ''}
              onChange={(v) => onChange(component.Key, v === '' ? null : Number(v))}
            />
          </Suspense>
        );
      case 'date':
        return (
          <TextInput
            {...common}
            type="date"
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => onChange(component.Key, e.currentTarget.value || null)}
          />
        );
      case 'choice':
        return (
          <Radio.Group
            {...common}
            value={typeof value === 'string' ? value : null}
            onChange={(v) => onChange(component.Key, v)}
          >
            <Stack gap={6} mt={6}>
              {component.Options?.map((o) => (
                <Radio key={o.Value} value={o.Value} label={o.Label} />
              ))}
            </Stack>
          </Radio.Group>
        );
      case 'multi-choice':
        return (
          <Checkbox.Group
            {...common}
            value={Array.isArray(value) ? [...value] : []}
            onChange={(v) => onChange(component.Key, v)}
          >
            <Stack gap={6} mt={6}>
              {component.Options?.map((o) => (
                <Checkbox key={o.Value} value={o.Value} label={o.Label} />
              ))}
            </Stack>
          </Checkbox.Group>
        );
      case 'yes-no':
        return (
          <Radio.Group
            {...common}
            value={typeof value === 'boolean' ? (value ? 'yes' : 'no') : null}
            onChange={(v) => onChange(component.Key, v === 'yes')}
          >
            <Group gap="lg" mt={6}>
              <Radio value="yes" label={t('renderer.yes')} />
              <Radio value="no" label={t('renderer.no')} />
            </Group>
          </Radio.Group>
        );
      case 'signature':
        return (
          <Stack gap={4}>
            <TextInput
              {...common}
              description={component.Help ?? t('renderer.signatureHint')}
              autoComplete="name"
              maxLength={component.MaxLength ?? 200}
              value={typeof value === 'string' ? value : ''}
              onChange={(e) => onChange(component.Key, e.currentTarget.value)}
            />
            {typeof value === 'string' && value.trim() !== '' && (
              <Text
                aria-hidden="true"
                data-testid={`signature-${component.Key}`}
                style={{
                  fontFamily: '"Brush Script MT", "Segoe Script", cursive',
                  fontSize: 26,
                  borderBottom: '1px solid var(--mantine-color-gray-5)',
                }}
              >
                {value}
              </Text>
            )}
          </Stack>
        );
      case 'file': {
        const ref = value && typeof value === 'object' && !Array.isArray(value) ? value : null;
        return (
          <FileInput
            {...common}
            description={component.Help ?? t('renderer.fileHint')}
            accept={UPLOAD_RULES.contentTypes.join(',')}
            clearable
            clearButtonProps={{ 'aria-label': t('common.clear') }}
            placeholder={ref ? ref.Name : t('renderer.choose')}
            disabled={uploading === component.Key || !onUpload}
            onChange={(file) => {
              setUploadErrors((old) => ({ ...old, [component.Key]: '' }));
              if (!file) return onChange(component.Key, null);
              const problem = uploadProblem(file);
              if (problem)
                return setUploadErrors((old) => ({
                  ...old,
                  [component.Key]: t(`renderer.errors.${problem}`),
                }));
              setUploading(component.Key);
              onUpload!(file)
                .then((stored) => onChange(component.Key, stored))
                .catch(() =>
                  setUploadErrors((old) => ({ ...old, [component.Key]: t('renderer.errors.uploadFailed') })),
                )
                .finally(() => setUploading(null));
            }}
          />
        );
      }
    }
  };

  return (
    <Stack gap="lg" data-testid={`custom-form-${form.Id}`}>
      {form.Definition.Sections.map((section) => {
        const shown = section.Components.filter((c) => visible.has(c.Key));
        if (shown.length === 0) return null;
        return (
          <Stack key={section.Key} gap="md" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Title order={3} size="h4" component="legend" mb="xs">
              {section.Title}
            </Title>
            {section.Description && (
              <Text size="sm" c="dimmed">
                {section.Description}
              </Text>
            )}
            {shown.map((c) => (
              <div key={c.Key}>{field(c)}</div>
            ))}
          </Stack>
        );
      })}
    </Stack>
  );
}
