import { useId, useState } from 'react';
import { Button, Group, Paper, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface InsuranceOption {
  /** The catalog plan id; null for the special choices. */
  Id: string | null;
  /** The stored insurance name (Display); the special choices keep the spec's English values. */
  Name: string;
}

/** The spec's special choices (constants: insurance choices), with their translation keys. */
export const SPECIAL_CHOICES = {
  selfPaying: 'Self paying',
  skip: 'Skip insurance',
  none: "I don't have insurance",
} as const;

/** 2.9: 'Self paying' and 'Skip insurance' with the self-pay option, otherwise "I don't have insurance"; none in the provider workflow. */
export function specialChoices(
  selfPay: boolean,
  providerWorkflow: boolean,
): (keyof typeof SPECIAL_CHOICES)[] {
  if (providerWorkflow) return [];
  return selfPay ? ['selfPaying', 'skip'] : ['none'];
}

/** The provider's insurances whose name starts with the search, case-insensitively (2.9). */
export function filterInsurances<T extends { Name: string }>(insurances: readonly T[], search: string): T[] {
  const prefix = search.trim().toLowerCase();
  return prefix === '' ? [...insurances] : insurances.filter((i) => i.Name.toLowerCase().startsWith(prefix));
}

interface InsurancePlanSearchProps {
  insurances: readonly { Id: string; Name: string }[];
  selfPay: boolean;
  providerWorkflow?: boolean;
  value: InsuranceOption | null;
  onChange: (value: InsuranceOption | null) => void;
  error?: string | null;
}

/**
 * The insurance plan search of 2.9: 'Search Insurance' filters the provider's insurances by name prefix, 'No
 * Result Found. Try a different search.' when nothing matches, the special choices below, and once chosen the
 * choice with 'Select insurance' to change it.
 */
export function InsurancePlanSearch({
  insurances,
  selfPay,
  providerWorkflow = false,
  value,
  onChange,
  error,
}: InsurancePlanSearchProps) {
  const { t } = useTranslation('bookingFlow');
  const [search, setSearch] = useState('');
  const listId = useId();
  const specialLabel = (name: string) => {
    const key = (Object.keys(SPECIAL_CHOICES) as (keyof typeof SPECIAL_CHOICES)[]).find(
      (k) => SPECIAL_CHOICES[k] === name,
    );
    return key ? t(`insurance.special.${key}`) : name;
  };

  if (value) {
    return (
      <Paper withBorder radius="md" p="md" data-testid="insurance-choice">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('insurance.chosen')}
            </Text>
            <Text fw={600}>{specialLabel(value.Name)}</Text>
          </Stack>
          <Button variant="light" onClick={() => onChange(null)}>
            {t('insurance.select')}
          </Button>
        </Group>
      </Paper>
    );
  }

  const matches = filterInsurances(insurances, search);
  const option = (item: InsuranceOption, label: string) => (
    <UnstyledButton
      key={`${item.Id ?? 'special'}-${item.Name}`}
      role="option"
      aria-selected={false}
      onClick={() => onChange(item)}
      px="md"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', display: 'block', width: '100%' }}
    >
      <Text size="sm">{label}</Text>
    </UnstyledButton>
  );

  return (
    <Stack gap="xs">
      <TextInput
        label={t('insurance.search')}
        placeholder={t('insurance.searchPlaceholder')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        aria-controls={listId}
        error={error}
        withAsterisk
      />
      <Paper withBorder radius="md">
        <ScrollArea.Autosize mah={260}>
          {matches.length === 0 && (
            <Text size="sm" c="dimmed" px="md" py="sm" role="status">
              {t('insurance.noResult')}
            </Text>
          )}
          <div role="listbox" id={listId} aria-label={t('insurance.search')}>
            {matches.map((i) => option(i, i.Name))}
            {specialChoices(selfPay, providerWorkflow).map((key) =>
              option({ Id: null, Name: SPECIAL_CHOICES[key] }, t(`insurance.special.${key}`)),
            )}
          </div>
        </ScrollArea.Autosize>
      </Paper>
    </Stack>
  );
}
