import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import {
  Button,
  Group,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OTHER_RELATIONS } from '@careslot/contracts';
import { useShowApiError } from '../../../shared/api/useShowApiError';
import { toast } from '../../../shared/ui/toast';
import {
  addContact,
  addPharmacy,
  contactsQuery,
  familyQuery,
  pharmaciesQuery,
  removeEntry,
  useContactChange,
} from '../api';

function Listing({
  title,
  testId,
  loading,
  empty,
  head,
  children,
}: {
  title: string;
  testId: string;
  loading: boolean;
  empty: boolean;
  head: string[];
  children: ReactNode;
}) {
  const { t } = useTranslation('clinicalRecord');
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {title}
      </Title>
      {loading ? <Loader size="sm" aria-label={t('loading')} /> : null}
      {loading ? null : empty ? (
        <Text size="sm" c="dimmed">
          {t('none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table striped data-testid={testId}>
            <Table.Thead>
              <Table.Tr>
                {head.map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{children}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** Trimmed text, or nothing: optional fields are left out of the body when empty. */
const optional = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).flatMap(([k, v]) => (v.trim() ? [[k, v.trim()]] : [])));

/**
 * An add form's fields, kept as typed until saved (then emptied, with the shared "saved" toast); `body` turns
 * them into the call's input, or null while a required field is empty.
 */
function useAddForm<K extends string, I>(
  patientId: string,
  kind: 'pharmacies' | 'contacts',
  call: (input: I) => Promise<unknown>,
  empty: Record<K, string>,
  body: (values: Record<K, string>) => I | null,
) {
  const { t } = useTranslation('clinicalRecord');
  const showError = useShowApiError();
  const add = useContactChange(patientId, kind, call);
  const [values, setValues] = useState(empty);
  const field = (key: K) => ({
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [key]: value }));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = body(values);
    if (!input) return;
    add.mutate(input, {
      onSuccess: () => {
        toast.success(t('saved'));
        setValues(empty);
      },
      onError: showError,
    });
  };
  return { field, submit, pending: add.isPending };
}

function PharmacyForm({ patientId }: { patientId: string }) {
  const { t } = useTranslation('clinicalRecord');
  const form = useAddForm(patientId, 'pharmacies', addPharmacy, { name: '', phone: '', ncpdp: '' }, (v) =>
    v.name.trim()
      ? { PatientId: patientId, Name: v.name.trim(), ...optional({ Phone: v.phone, NcpdpId: v.ncpdp }) }
      : null,
  );
  return (
    <form onSubmit={form.submit} aria-label={t('contacts.addPharmacy')}>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={t('contacts.pharmacyName')} required maxLength={100} {...form.field('name')} />
          <TextInput label={t('contacts.phone')} type="tel" maxLength={14} {...form.field('phone')} />
          <TextInput label={t('contacts.ncpdp')} inputMode="numeric" maxLength={7} {...form.field('ncpdp')} />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={form.pending}>
            {t('contacts.addPharmacy')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ContactForm({ patientId }: { patientId: string }) {
  const { t } = useTranslation('clinicalRecord');
  const form = useAddForm(
    patientId,
    'contacts',
    addContact,
    { first: '', last: '', relation: '', phone: '', email: '' },
    (v) =>
      v.first.trim() && v.last.trim() && v.relation
        ? {
            PatientId: patientId,
            FirstName: v.first.trim(),
            LastName: v.last.trim(),
            Relationship: v.relation,
            ...optional({ Phone: v.phone, Email: v.email }),
          }
        : null,
  );
  return (
    <form onSubmit={form.submit} aria-label={t('contacts.addContact')}>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={t('contacts.firstName')} required maxLength={35} {...form.field('first')} />
          <TextInput label={t('contacts.lastName')} required maxLength={35} {...form.field('last')} />
          <NativeSelect
            label={t('contacts.relationship')}
            required
            data={[
              { value: '', label: '—' },
              ...OTHER_RELATIONS.map((r) => ({ value: r, label: t(`contacts.relations.${r}`) })),
            ]}
            {...form.field('relation')}
          />
          <TextInput label={t('contacts.phone')} type="tel" maxLength={14} {...form.field('phone')} />
          <TextInput label={t('contacts.email')} type="email" maxLength={320} {...form.field('email')} />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('contacts.reachHint')}
        </Text>
        <Group>
          <Button type="submit" loading={form.pending}>
            {t('contacts.addContact')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The remove button of a listed entry, named for the entry it removes. */
function RemoveButton({ name, onRemove }: { name: string; onRemove: () => void }) {
  const { t } = useTranslation('clinicalRecord');
  return (
    <Button size="xs" variant="subtle" aria-label={t('contacts.removeNamed', { name })} onClick={onRemove}>
      {t('contacts.remove')}
    </Button>
  );
}

/**
 * The patient's preferred pharmacies and emergency contacts (each added and removed here, by the patient or
 * the practice caring for them) and the family members their account books for (decision 0110).
 */
export function ContactsSection({ patientId }: { patientId: string }) {
  const { t, i18n } = useTranslation('clinicalRecord');
  const showError = useShowApiError();
  const pharmacies = useQuery(pharmaciesQuery(patientId));
  const contacts = useQuery(contactsQuery(patientId));
  const family = useQuery(familyQuery(patientId));
  const removePharmacy = useContactChange(patientId, 'pharmacies', (id: string) =>
    removeEntry('pharmacies', patientId, id),
  );
  const removeContact = useContactChange(patientId, 'contacts', (id: string) =>
    removeEntry('contacts', patientId, id),
  );
  const relation = (r: string) => t(`contacts.relations.${r}`, { defaultValue: r });
  const born = (date: string | null) =>
    date
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
          new Date(date),
        )
      : '—';
  const pharmacyRows = pharmacies.data?.Data ?? [];
  const contactRows = contacts.data?.Data ?? [];
  const familyRows = family.data?.Data ?? [];
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Listing
          title={t('contacts.pharmacies')}
          testId="chart-pharmacies"
          loading={pharmacies.isLoading}
          empty={pharmacyRows.length === 0}
          head={[t('contacts.pharmacyName'), t('contacts.phone'), t('contacts.ncpdp'), '']}
        >
          {pharmacyRows.map((p) => (
            <Table.Tr key={p.Id}>
              <Table.Td>{p.Name}</Table.Td>
              <Table.Td>{p.Phone ?? '—'}</Table.Td>
              <Table.Td>{p.NcpdpId ?? '—'}</Table.Td>
              <Table.Td>
                <RemoveButton
                  name={p.Name}
                  onRemove={() => removePharmacy.mutate(p.Id, { onError: showError })}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Listing>
        <PharmacyForm patientId={patientId} />
      </Stack>
      <Stack gap="sm">
        <Listing
          title={t('contacts.emergency')}
          testId="chart-contacts"
          loading={contacts.isLoading}
          empty={contactRows.length === 0}
          head={[t('contacts.name'), t('contacts.relationship'), t('contacts.reach'), '']}
        >
          {contactRows.map((c) => (
            <Table.Tr key={c.Id}>
              <Table.Td>{`${c.FirstName} ${c.LastName}`}</Table.Td>
              <Table.Td>{relation(c.Relationship)}</Table.Td>
              <Table.Td>{[c.Phone, c.Email].filter(Boolean).join(' · ')}</Table.Td>
              <Table.Td>
                <RemoveButton
                  name={`${c.FirstName} ${c.LastName}`}
                  onRemove={() => removeContact.mutate(c.Id, { onError: showError })}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Listing>
        <ContactForm patientId={patientId} />
      </Stack>
      <Listing
        title={t('contacts.family')}
        testId="chart-family"
        loading={family.isLoading}
        empty={familyRows.length === 0}
        head={[t('contacts.name'), t('contacts.relationship'), t('contacts.born')]}
      >
        {familyRows.map((f) => (
          <Table.Tr key={f.Id}>
            <Table.Td>{f.Name.map((n) => [...n.Given, n.Family].join(' ')).at(0) ?? '—'}</Table.Td>
            <Table.Td>{relation(f.Relationship)}</Table.Td>
            <Table.Td>{born(f.BirthDate)}</Table.Td>
          </Table.Tr>
        ))}
      </Listing>
    </Stack>
  );
}
