import { useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  CLINICAL_CODES,
  type ClinicalCollection,
  type ClinicalInput,
  type FhirResource,
} from '@careslot/contracts';
import { useShowApiError } from '../../../shared/api/useShowApiError';
import { toast } from '../../../shared/ui/toast';
import { clinicalListQuery, useRecordEntry } from '../api';
import { conceptCode, conceptText, dateOf, statusOf, vitalValues } from '../fhirText';
import { ContactsSection } from './ContactsSection';
import { TrendChart } from './TrendChart';

/** Who is looking: a provider (records during a visit) or the patient (reads, adds what they know). */
export type ChartMode = 'practice' | 'patient';

const useDate = () => {
  const { i18n } = useTranslation();
  return (iso: string | null, withTime = false) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language, {
          dateStyle: 'medium',
          ...(withTime && iso.length > 10 ? { timeStyle: 'short' } : {}),
          ...(iso.length <= 10 ? { timeZone: 'UTC' } : {}),
        }).format(new Date(iso))
      : '—';
};

function ListState({ loading, error, empty }: { loading: boolean; error: boolean; empty: boolean }) {
  const { t } = useTranslation('clinicalRecord');
  if (loading) return <Loader size="sm" aria-label={t('loading')} />;
  if (error)
    return (
      <Alert color="red" variant="light">
        {t('loadFailed')}
      </Alert>
    );
  if (empty)
    return (
      <Text size="sm" c="dimmed">
        {t('none')}
      </Text>
    );
  return null;
}

// ---------- vitals ----------

function VitalsSection({
  patientId,
  appointmentId,
  mode,
}: {
  patientId: string;
  appointmentId: string | null;
  mode: ChartMode;
}) {
  const { t } = useTranslation('clinicalRecord');
  const formatDate = useDate();
  const list = useQuery(clinicalListQuery(patientId, 'observations'));
  const record = useRecordEntry(patientId, 'observations');
  const showError = useShowApiError();
  const vitals = CLINICAL_CODES.vitals.codes;
  const [code, setCode] = useState<string>(vitals[0]!.code);
  const [value, setValue] = useState<number | string>('');
  const [value2, setValue2] = useState<number | string>('');
  const [shown, setShown] = useState<string>(vitals[0]!.code);
  const vital = vitals.find((v) => v.code === code)!;
  const rows = list.data?.Data ?? [];
  const label = (c: string) => {
    const v = vitals.find((x) => x.code === c);
    return v ? t(`vitals.${v.key}`) : c;
  };
  const unitOf = (c: string) => vitals.find((x) => x.code === c)?.unitText ?? '';
  const series = rows
    .filter((r) => conceptCode(r.code) === shown)
    .map((r) => ({ at: dateOf(r) ?? '', values: vitalValues(r) }));
  const latest = series[0];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value === '' || (vital.components && value2 === '')) return;
    const input: ClinicalInput<'observations'> = {
      Code: code,
      Value: Number(value),
      ...(vital.components ? { Value2: Number(value2) } : {}),
      ...(appointmentId ? { AppointmentId: appointmentId } : {}),
    };
    record.mutate(input, {
      onSuccess: () => {
        toast.success(t('saved'));
        setValue('');
        setValue2('');
        setShown(code);
      },
      onError: showError,
    });
  };

  return (
    <Stack gap="md">
      {mode === 'practice' ? (
        <form onSubmit={submit} aria-label={t('vitals.add')}>
          <Stack gap="xs">
            <Title order={3} fz="md">
              {t('vitals.add')}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
              <Select
                label={t('vitals.which')}
                data={vitals.map((v) => ({
                  value: v.code,
                  label: `${t(`vitals.${v.key}`)} (${v.unitText})`,
                }))}
                value={code}
                onChange={(v) => v && setCode(v)}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
              <NumberInput
                label={vital.components ? t('vitals.systolic') : t('vitals.value', { unit: vital.unitText })}
                value={value}
                onChange={setValue}
                min={vital.min}
                max={vital.max}
                decimalScale={1}
                required
              />
              {vital.components ? (
                <NumberInput
                  label={t('vitals.diastolic')}
                  value={value2}
                  onChange={setValue2}
                  min={vital.min}
                  max={vital.max}
                  required
                />
              ) : null}
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={record.isPending}>
                {t('vitals.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
      <Stack gap="xs">
        <Group justify="space-between" align="flex-end">
          <Title order={3} fz="md">
            {t('vitals.trend')}
          </Title>
          <Select
            label={t('vitals.show')}
            data={vitals.map((v) => ({ value: v.code, label: t(`vitals.${v.key}`) }))}
            value={shown}
            onChange={(v) => v && setShown(v)}
            allowDeselect={false}
            w={200}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
        <ListState loading={list.isLoading} error={list.isError} empty={series.length === 0} />
        {series.length > 0 ? (
          <TrendChart
            points={series}
            label={label(shown)}
            formatDate={(iso) => formatDate(iso)}
            summary={t('vitals.summary', {
              count: series.length,
              latest: latest ? `${latest.values.join('/')} ${unitOf(shown)}` : '',
            })}
          />
        ) : null}
      </Stack>
      {rows.length > 0 ? (
        <Table.ScrollContainer minWidth={300}>
          <Table striped>
            <Table.Caption>{t('vitals.readings')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.when')}</Table.Th>
                <Table.Th>{t('columns.vital')}</Table.Th>
                <Table.Th>{t('columns.value')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => {
                const c = conceptCode(r.code) ?? '';
                return (
                  <Table.Tr key={r.id}>
                    <Table.Td>{formatDate(dateOf(r), true)}</Table.Td>
                    <Table.Td>{label(c)}</Table.Td>
                    <Table.Td>{`${vitalValues(r).join('/')} ${unitOf(c)}`}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}

// ---------- coded lists: allergies, medications, problems, immunizations ----------

type ListCollection = Extract<
  ClinicalCollection,
  'allergy-intolerances' | 'medication-statements' | 'conditions' | 'immunizations'
>;

const CODES: Record<ListCollection, readonly { code: string; display: string }[]> = {
  'allergy-intolerances': CLINICAL_CODES.allergies.codes,
  'medication-statements': CLINICAL_CODES.medications.codes,
  conditions: CLINICAL_CODES.conditions.codes,
  immunizations: CLINICAL_CODES.vaccines.codes,
};
const KEY: Record<ListCollection, string> = {
  'allergy-intolerances': 'allergies',
  'medication-statements': 'medications',
  conditions: 'problems',
  immunizations: 'immunizations',
};

const nameOf = (collection: ListCollection, r: FhirResource) =>
  conceptText(
    collection === 'medication-statements'
      ? r.medicationCodeableConcept
      : collection === 'immunizations'
        ? r.vaccineCode
        : r.code,
  );

function detailOf(collection: ListCollection, r: FhirResource, t: TFunction<'clinicalRecord'>): string {
  if (collection === 'allergy-intolerances') {
    const reaction = (r.reaction as { manifestation?: { text?: string }[] }[] | undefined)?.[0]
      ?.manifestation?.[0]?.text;
    const criticality = r.criticality as string | undefined;
    return [criticality ? t(`criticality.${criticality}`, { defaultValue: criticality }) : null, reaction]
      .filter(Boolean)
      .join(' · ');
  }
  if (collection === 'medication-statements')
    return (r.dosage as { text?: string }[] | undefined)?.[0]?.text ?? '';
  if (collection === 'immunizations') return (r.lotNumber as string | undefined) ?? '';
  return '';
}

function EntryForm({
  patientId,
  appointmentId,
  collection,
}: {
  patientId: string;
  appointmentId: string | null;
  collection: ListCollection;
}) {
  const { t } = useTranslation('clinicalRecord');
  const record = useRecordEntry(patientId, collection);
  const showError = useShowApiError();
  const key = KEY[collection];
  const [code, setCode] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [detail, setDetail] = useState('');
  const [date, setDate] = useState('');
  const [criticality, setCriticality] = useState<string | null>(null);
  const coded = collection === 'immunizations';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code && (coded || !text.trim())) return;
    const visit = appointmentId ? { AppointmentId: appointmentId } : {};
    const named = { ...(code ? { Code: code } : { Text: text.trim() }) };
    let input: ClinicalInput<ListCollection>;
    if (collection === 'allergy-intolerances')
      input = {
        ...visit,
        ...named,
        ...(criticality ? { Criticality: criticality as 'low' | 'high' } : {}),
        ...(detail.trim() ? { Reaction: detail.trim() } : {}),
      };
    else if (collection === 'medication-statements')
      input = { ...visit, ...named, ...(detail.trim() ? { Dosage: detail.trim() } : {}) };
    else if (collection === 'conditions')
      input = { ...visit, ...named, ...(date ? { OnsetDate: date } : {}) };
    else
      input = {
        ...visit,
        Code: code!,
        OccurrenceDate: date,
        ...(detail.trim() ? { LotNumber: detail.trim() } : {}),
      };
    record.mutate(input, {
      onSuccess: () => {
        toast.success(t('saved'));
        setCode(null);
        setText('');
        setDetail('');
        setDate('');
        setCriticality(null);
      },
      onError: showError,
    });
  };

  return (
    <form onSubmit={submit} aria-label={t(`${key}.add`)}>
      <Stack gap="xs">
        <Title order={3} fz="md">
          {t(`${key}.add`)}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <Select
            label={t(`${key}.code`)}
            data={CODES[collection].map((c) => ({ value: c.code, label: c.display }))}
            value={code}
            onChange={setCode}
            searchable
            clearable
            required={coded}
            comboboxProps={{ withinPortal: true }}
          />
          {coded ? null : (
            <TextInput
              label={t('otherText')}
              description={t('otherTextHint')}
              inputWrapperOrder={['label', 'input', 'description']}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              disabled={!!code}
              maxLength={200}
            />
          )}
          {collection === 'allergy-intolerances' ? (
            <Select
              label={t('allergies.criticality')}
              data={['low', 'high', 'unable-to-assess'].map((v) => ({
                value: v,
                label: t(`criticality.${v}`),
              }))}
              value={criticality}
              onChange={setCriticality}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
          ) : null}
          {collection === 'conditions' || collection === 'immunizations' ? (
            <TextInput
              type="date"
              label={t(`${key}.date`)}
              value={date}
              onChange={(e) => setDate(e.currentTarget.value)}
              required={coded}
            />
          ) : null}
          {collection !== 'conditions' ? (
            <TextInput
              label={t(`${key}.detail`)}
              value={detail}
              onChange={(e) => setDetail(e.currentTarget.value)}
              maxLength={200}
            />
          ) : null}
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={record.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EntriesSection({
  patientId,
  appointmentId,
  collection,
}: {
  patientId: string;
  appointmentId: string | null;
  collection: ListCollection;
}) {
  const { t } = useTranslation('clinicalRecord');
  const formatDate = useDate();
  const list = useQuery(clinicalListQuery(patientId, collection));
  const rows = list.data?.Data ?? [];
  const key = KEY[collection];
  return (
    <Stack gap="md">
      <EntryForm patientId={patientId} appointmentId={appointmentId} collection={collection} />
      <ListState loading={list.isLoading} error={list.isError} empty={!list.isLoading && rows.length === 0} />
      {rows.length > 0 ? (
        <Table.ScrollContainer minWidth={300}>
          <Table striped data-testid={`chart-${collection}`}>
            <Table.Caption>{t(`${key}.title`)}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.name')}</Table.Th>
                <Table.Th>{t('columns.status')}</Table.Th>
                <Table.Th>{t('columns.when')}</Table.Th>
                <Table.Th>{t(`${key}.detail`)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => {
                const status = statusOf(r);
                return (
                  <Table.Tr key={r.id}>
                    <Table.Td>{nameOf(collection, r)}</Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={status === 'active' || status === 'completed' ? 'teal' : 'gray'}
                        c="dark.7"
                      >
                        {t(`status.${status}`, { defaultValue: status })}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDate(dateOf(r))}</Table.Td>
                    <Table.Td>{detailOf(collection, r, t) || '—'}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}

const TABS = [
  ['vitals', null],
  ['allergies', 'allergy-intolerances'],
  ['medications', 'medication-statements'],
  ['problems', 'conditions'],
  ['immunizations', 'immunizations'],
  ['contacts', 'contacts'],
] as const;

/**
 * A patient's chart: vitals (entry and trend), allergies, medications, problems, immunizations, and pharmacies
 * and contacts. A provider
 * records during a visit (the entries join its encounter); the patient reads theirs and adds what they know.
 */
export function PatientChart({
  patientId,
  appointmentId = null,
  mode,
}: {
  patientId: string;
  appointmentId?: string | null;
  mode: ChartMode;
}) {
  const { t } = useTranslation('clinicalRecord');
  return (
    <Tabs defaultValue="vitals" keepMounted={false}>
      <Tabs.List aria-label={t('sections')}>
        {TABS.map(([key]) => (
          <Tabs.Tab key={key} value={key}>
            {t(`${key}.title`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {TABS.map(([key, collection]) => (
        <Tabs.Panel key={key} value={key} pt="md">
          {collection === 'contacts' ? (
            <ContactsSection patientId={patientId} />
          ) : collection ? (
            <EntriesSection patientId={patientId} appointmentId={appointmentId} collection={collection} />
          ) : (
            <VitalsSection patientId={patientId} appointmentId={appointmentId} mode={mode} />
          )}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
