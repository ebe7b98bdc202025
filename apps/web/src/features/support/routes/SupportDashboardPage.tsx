import { useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { patientSearchSchema, type Patient } from '@careslot/contracts';
import { formatPhone } from '@careslot/domain';
import { ApiError } from '../../../shared/api/client';
import { hasRole, useSession } from '../../../shared/session/session';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { PatientOverview } from './PatientOverview';
import {
  PATIENT_PAGE_SIZE,
  usePatientSearch,
  usePracticeNames,
  type PatientCriteria,
} from '../api/patientSearch';

interface FormValues {
  name: string;
  birthDate: string;
  phone: string;
  email: string;
  /** Why the agent looks (the access policy's stated purpose, sent as X-Access-Purpose and audited). */
  purpose: string;
}

const EMPTY: FormValues = { name: '', birthDate: '', phone: '', email: '', purpose: '' };

type FieldErrors = Partial<Record<keyof FormValues | 'form', string>>;

/** Which form field shows the issue of each field of the call's contract. */
const FIELD_OF = { Name: 'name', BirthDate: 'birthDate', Phone: 'phone', Email: 'email' } as const;
const ERROR_OF = {
  name: 'errors.nameShort',
  birthDate: 'errors.noCriteria',
  phone: 'errors.phone',
  email: 'errors.email',
} as const;

/** The criteria the server receives, or the rule each field breaks: checked by the call's own contract. */
export function criteriaFrom(
  values: Omit<FormValues, 'purpose'>,
): { criteria: PatientCriteria } | { errors: FieldErrors } {
  const name = values.name.trim().replace(/\s+/g, ' ');
  const criteria: PatientCriteria = {
    ...(name ? { Name: name } : {}),
    ...(values.birthDate ? { BirthDate: values.birthDate } : {}),
    // Typed separators are dropped; anything typed that leaves no digits still breaks the rule.
    ...(values.phone.trim() ? { Phone: values.phone.replace(/\D/g, '') } : {}),
    ...(values.email.trim() ? { Email: values.email.trim() } : {}),
  };
  if (Object.keys(criteria).length === 0) return { errors: { form: 'errors.noCriteria' } };
  const parsed = patientSearchSchema.safeParse(criteria);
  if (parsed.success) return { criteria };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[issue.path[0] as keyof typeof FIELD_OF] ?? 'name';
    errors[field] ??= ERROR_OF[field];
  }
  return { errors };
}

function contactOf(patient: Patient) {
  const phone =
    patient.Telecom.find((c) => c.System === 'Mobile') ?? patient.Telecom.find((c) => c.System === 'Phone');
  const email = patient.Telecom.find((c) => c.System === 'Email');
  return { phone: phone ? formatPhone(phone.Value) : null, email: email?.Value ?? null };
}

/** Support-agent dashboard (practice-portal.md 2.2, 2.6): find a patient across every practice, read-only. */
export function SupportDashboardPage() {
  const { t, i18n } = useTranslation('support');
  const { user } = useSession();
  const allowed = hasRole(user, 'supportagent');
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [criteria, setCriteria] = useState<PatientCriteria | null>(null);
  const [purpose, setPurpose] = useState('');
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<{ id: string; name: string } | null>(null);
  const results = usePatientSearch(allowed ? criteria : null, page, purpose);
  const practices = usePracticeNames(allowed && criteria !== null);

  if (!user) return <Navigate to="/login" replace />;

  const field = (key: keyof FormValues) => ({
    value: values[key],
    error: errors[key] ? t(errors[key]) : undefined,
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setValues((v) => ({ ...v, [key]: value }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const outcome = criteriaFrom(values);
    const stated = values.purpose.trim();
    if ('errors' in outcome || !stated) {
      setErrors({
        ...('errors' in outcome ? outcome.errors : {}),
        ...(stated ? {} : { purpose: 'errors.purpose' }),
      });
      return;
    }
    setErrors({});
    setPage(1);
    setPurpose(stated);
    setOpened(null);
    setCriteria(outcome.criteria);
  };

  const birthDate = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });

  return (
    <Container size="xl" py="xl">
      <title>{t('title')}</title>
      <Stack gap="md">
        <div>
          <Title order={1}>{t('heading')}</Title>
          <Text c="dimmed">{t('lead')}</Text>
        </div>
        {!allowed ? (
          <Alert color="red" role="alert">
            {t('forbidden')}
          </Alert>
        ) : (
          <>
            <Paper
              withBorder
              p="md"
              radius="md"
              component="form"
              onSubmit={submit}
              noValidate
              aria-label={t('form')}
            >
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
                <TextInput
                  label={t('fields.name')}
                  placeholder={t('placeholders.name')}
                  maxLength={100}
                  autoComplete="off"
                  {...field('name')}
                />
                <TextInput label={t('fields.birthDate')} type="date" {...field('birthDate')} />
                <TextInput
                  label={t('fields.phone')}
                  placeholder="(212) 555-0147"
                  inputMode="tel"
                  maxLength={20}
                  autoComplete="off"
                  {...field('phone')}
                />
                <TextInput
                  label={t('fields.email')}
                  type="email"
                  maxLength={254}
                  autoComplete="off"
                  {...field('email')}
                />
                <TextInput
                  label={t('fields.purpose')}
                  placeholder={t('placeholders.purpose')}
                  maxLength={200}
                  autoComplete="off"
                  required
                  {...field('purpose')}
                />
              </SimpleGrid>
              <Group mt="md" justify="space-between">
                <Text size="sm" c={errors.form ? 'red' : 'dimmed'} role={errors.form ? 'alert' : undefined}>
                  {errors.form ? t(errors.form) : t('hint')}
                </Text>
                <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
                  {t('search')}
                </Button>
              </Group>
            </Paper>
            {criteria === null ? null : results.isPending ? (
              <LoadingSpinner />
            ) : results.error ? (
              <Alert color="red" role="alert">
                {results.error instanceof ApiError && results.error.issues.length
                  ? results.error.issues.map((issue) => issue.message).join(' ')
                  : results.error.message}
              </Alert>
            ) : results.data.Total === 0 ? (
              <Text role="status">{t('noMatch')}</Text>
            ) : (
              <>
                <Text size="sm" c="dimmed" role="status">
                  {t('count', { count: results.data.Total })}
                </Text>
                <Table.ScrollContainer minWidth={880}>
                  <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('results')}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('columns.patient')}</Table.Th>
                        <Table.Th>{t('columns.birthDate')}</Table.Th>
                        <Table.Th>{t('columns.contact')}</Table.Th>
                        <Table.Th>{t('columns.city')}</Table.Th>
                        <Table.Th>{t('columns.practice')}</Table.Th>
                        <Table.Th>{t('columns.details')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {results.data.Data.map((patient) => {
                        const name = patient.Name[0];
                        const contact = contactOf(patient);
                        return (
                          <Table.Tr key={patient.Id}>
                            <Table.Td>
                              <Text fw={600}>{name ? `${name.Given.join(' ')} ${name.Family}` : '—'}</Text>
                              <Group gap={4}>
                                {patient.Gender ? (
                                  <Text size="xs" c="dimmed">
                                    {t(`gender.${patient.Gender}`)}
                                  </Text>
                                ) : null}
                                {patient.Active ? null : (
                                  <Badge color="gray" variant="light" size="xs" tt="none">
                                    {t('inactive')}
                                  </Badge>
                                )}
                              </Group>
                            </Table.Td>
                            <Table.Td>
                              {patient.BirthDate
                                ? birthDate.format(new Date(`${patient.BirthDate}T00:00:00Z`))
                                : '—'}
                            </Table.Td>
                            <Table.Td>
                              {contact.phone ? <Text size="sm">{contact.phone}</Text> : null}
                              {contact.email ? <Text size="sm">{contact.email}</Text> : null}
                            </Table.Td>
                            <Table.Td>
                              {[patient.Address.City, patient.Address.State].filter(Boolean).join(', ') ||
                                '—'}
                            </Table.Td>
                            <Table.Td>
                              {patient.ManagingOrganization
                                ? (practices.data?.get(patient.ManagingOrganization) ?? '…')
                                : '—'}
                            </Table.Td>
                            <Table.Td>
                              <Button
                                size="xs"
                                variant="light"
                                aria-label={t('openOf', {
                                  name: name ? `${name.Given.join(' ')} ${name.Family}` : patient.Id,
                                })}
                                onClick={() =>
                                  setOpened({
                                    id: patient.Id,
                                    name: name ? `${name.Given.join(' ')} ${name.Family}` : '—',
                                  })
                                }
                              >
                                {t('open')}
                              </Button>
                            </Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                {results.data.Total > PATIENT_PAGE_SIZE ? (
                  <Pagination
                    total={Math.ceil(results.data.Total / PATIENT_PAGE_SIZE)}
                    value={page}
                    onChange={setPage}
                    aria-label={t('pages')}
                  />
                ) : null}
                {opened ? (
                  <PatientOverview
                    key={opened.id}
                    patientId={opened.id}
                    name={opened.name}
                    purpose={purpose}
                  />
                ) : null}
              </>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
