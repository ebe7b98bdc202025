import { useRef, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Checkbox,
  Container,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Stepper,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { ONBOARDING_GATEWAYS, VISIT_TYPES, type OnboardingResult, type UsState } from '@careslot/contracts';
import { US_TIME_ZONES } from '@careslot/domain';
import { ApiError, apiRequest } from '../../../shared/api/client';
import { specialtiesQuery } from '../../../shared/search/lookups';
import { hasRole, useSession } from '../../../shared/session/session';
import { useOnboardPractice } from '../api/onboarding';
import {
  emptyForm,
  serverErrors,
  STEPS,
  stepOfField,
  toRequest,
  validateStep,
  type Errors,
  type Step,
  type WizardForm,
} from '../form';

const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '0'] as const;
const SLOT_MINUTES = ['10', '15', '20', '30', '45', '60'] as const;

/**
 * The practice onboarding wizard (practice-portal.md §2.2: /super-user/practice-onboarding/wizard and
 * /practice-onboarding): organization → location → provider → schedule with reasons → payment → review and
 * publish, each step checked before the next; one call creates everything (decision 0064). Super users only.
 */
export function OnboardingWizardPage() {
  const { t } = useTranslation('onboarding');
  const { user } = useSession();
  const [active, setActive] = useState(0);
  const [form, setForm] = useState<WizardForm>(emptyForm);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [result, setResult] = useState<OnboardingResult | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const allowed = hasRole(user, 'superuser');
  const specialties = useQuery({ ...specialtiesQuery, enabled: allowed });
  const states = useQuery({
    queryKey: ['library', 'states'],
    queryFn: ({ signal }) =>
      apiRequest<{ Data: UsState[] }>('/careslot-resource-library/api/v1/states', { signal }).then(
        (r) => r.Data,
      ),
    staleTime: Infinity,
    enabled: allowed,
  });
  const onboard = useOnboardPractice();

  if (!user) return <Navigate to="/login" replace />;
  if (!allowed) {
    return (
      <Container size="md" py="xl">
        <Title order={1}>{t('heading')}</Title>
        <Alert color="red" role="alert" mt="md">
          {t('forbidden')}
        </Alert>
      </Container>
    );
  }

  const step = STEPS[active]!;
  const set = <S extends keyof WizardForm>(section: S, patch: Partial<WizardForm[S]>) =>
    setForm((current) => ({
      ...current,
      [section]: typeof current[section] === 'object' ? { ...(current[section] as object), ...patch } : patch,
    }));
  const error = (path: string) => {
    if (!errors[path]) return undefined;
    const index = /\.(\d+)\./.exec(path)?.[1];
    const field = t(`fields.${path.replace(/\.\d+\./, '.')}`, {
      n: index === undefined ? '' : Number(index) + 1,
    });
    return t(errors[path], { field });
  };
  const focusHeading = () => requestAnimationFrame(() => heading.current?.focus());

  const go = (next: number) => {
    if (next > active) {
      for (let index = active; index < next; index += 1) {
        const found = validateStep(STEPS[index]!, form);
        if (Object.keys(found).length > 0) {
          setErrors(found);
          setActive(index);
          requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
          return;
        }
      }
    }
    setErrors({});
    setActive(next);
    focusHeading();
  };

  const submit = () => {
    setServerError(null);
    onboard.mutate(toRequest(form), {
      onSuccess: (done) => {
        setResult(done);
        focusHeading();
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.issues.length > 0) {
          const first = failure.issues[0]!;
          setActive(STEPS.indexOf(stepOfField(first.field)));
          setErrors(serverErrors(failure.issues));
          // Each field shows its own error; only what no field of the wizard holds is said above the form.
          const unplaced = failure.issues.filter((issue) => stepOfField(issue.field) === 'review');
          setServerError(unplaced.length > 0 ? unplaced.map((issue) => issue.message).join(' ') : null);
          requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
        } else setServerError(failure.message);
      },
    });
  };

  if (result) {
    return (
      <Container size="md" py="xl">
        <title>{t('title')}</title>
        <Stack>
          <Title order={1} ref={heading} tabIndex={-1}>
            {t('done.heading')}
          </Title>
          <Alert color="teal" role="status">
            {t(result.Published ? 'done.published' : 'done.unpublished', { name: form.organization.name })}
          </Alert>
          <Text>{t('done.invitation', { email: form.provider.email })}</Text>
          <Group>
            {result.ProviderNameIdentity && result.Published ? (
              <Anchor component={Link} to={`/providers/${result.ProviderNameIdentity}`}>
                {t('done.profile')}
              </Anchor>
            ) : null}
            <Anchor component={Link} to="/super-user/dashboard">
              {t('done.practices')}
            </Anchor>
            <Button
              variant="light"
              onClick={() => {
                setForm(emptyForm());
                setResult(null);
                setActive(0);
              }}
            >
              {t('done.another')}
            </Button>
          </Group>
        </Stack>
      </Container>
    );
  }

  const stepBody: Record<Step, ReactNode> = {
    organization: (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          required
          label={t('fields.organization.name')}
          value={form.organization.name}
          maxLength={50}
          error={error('organization.name')}
          onChange={(e) => set('organization', { name: e.currentTarget.value })}
        />
        <TextInput
          required
          type="tel"
          label={t('fields.organization.phone')}
          value={form.organization.phone}
          maxLength={14}
          error={error('organization.phone')}
          onChange={(e) => set('organization', { phone: e.currentTarget.value })}
        />
        <TextInput
          required
          type="email"
          label={t('fields.organization.email')}
          value={form.organization.email}
          maxLength={320}
          error={error('organization.email')}
          onChange={(e) => set('organization', { email: e.currentTarget.value })}
        />
        <TextInput
          type="url"
          label={t('fields.organization.website')}
          value={form.organization.website}
          maxLength={200}
          error={error('organization.website')}
          onChange={(e) => set('organization', { website: e.currentTarget.value })}
        />
      </SimpleGrid>
    ),
    location: (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          required
          label={t('fields.location.name')}
          value={form.location.name}
          maxLength={75}
          error={error('location.name')}
          onChange={(e) => set('location', { name: e.currentTarget.value })}
        />
        <TextInput
          required
          type="tel"
          label={t('fields.location.phone')}
          value={form.location.phone}
          maxLength={14}
          error={error('location.phone')}
          onChange={(e) => set('location', { phone: e.currentTarget.value })}
        />
        <TextInput
          required
          label={t('fields.location.address1')}
          value={form.location.address1}
          maxLength={50}
          error={error('location.address1')}
          onChange={(e) => set('location', { address1: e.currentTarget.value })}
        />
        <TextInput
          label={t('fields.location.address2')}
          value={form.location.address2}
          maxLength={50}
          error={error('location.address2')}
          onChange={(e) => set('location', { address2: e.currentTarget.value })}
        />
        <TextInput
          required
          label={t('fields.location.city')}
          value={form.location.city}
          maxLength={30}
          error={error('location.city')}
          onChange={(e) => set('location', { city: e.currentTarget.value })}
        />
        <NativeSelect
          required
          label={t('fields.location.state')}
          value={form.location.state}
          error={error('location.state')}
          data={[
            { value: '', label: t('choose') },
            ...(states.data ?? []).map((s) => ({ value: s.Code, label: s.Display })),
          ]}
          onChange={(e) => set('location', { state: e.currentTarget.value })}
        />
        <TextInput
          required
          label={t('fields.location.zipCode')}
          inputMode="numeric"
          value={form.location.zipCode}
          maxLength={10}
          error={error('location.zipCode')}
          onChange={(e) => set('location', { zipCode: e.currentTarget.value })}
        />
        <NativeSelect
          required
          label={t('fields.location.timeZone')}
          value={form.location.timeZone}
          data={US_TIME_ZONES.map((zone) => ({ value: zone, label: t(`zones.${zone}`) }))}
          onChange={(e) => set('location', { timeZone: e.currentTarget.value })}
        />
      </SimpleGrid>
    ),
    provider: (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('fields.provider.prefix')}
          value={form.provider.prefix}
          maxLength={10}
          onChange={(e) => set('provider', { prefix: e.currentTarget.value })}
        />
        <TextInput
          label={t('fields.provider.suffix')}
          value={form.provider.suffix}
          maxLength={25}
          onChange={(e) => set('provider', { suffix: e.currentTarget.value })}
        />
        <TextInput
          required
          label={t('fields.provider.firstName')}
          value={form.provider.firstName}
          maxLength={35}
          error={error('provider.firstName')}
          onChange={(e) => set('provider', { firstName: e.currentTarget.value })}
        />
        <TextInput
          required
          label={t('fields.provider.lastName')}
          value={form.provider.lastName}
          maxLength={35}
          error={error('provider.lastName')}
          onChange={(e) => set('provider', { lastName: e.currentTarget.value })}
        />
        <TextInput
          required
          label={t('fields.provider.npi')}
          description={t('npiHint')}
          inputMode="numeric"
          value={form.provider.npi}
          maxLength={10}
          error={error('provider.npi')}
          onChange={(e) => set('provider', { npi: e.currentTarget.value.replace(/\D/g, '') })}
        />
        <NativeSelect
          required
          label={t('fields.provider.specialtyId')}
          value={form.provider.specialtyId}
          error={error('provider.specialtyId')}
          data={[
            { value: '', label: t('choose') },
            ...(specialties.data ?? []).map((s) => ({ value: s.Id, label: s.Display })),
          ]}
          onChange={(e) => set('provider', { specialtyId: e.currentTarget.value })}
        />
        <TextInput
          required
          type="email"
          label={t('fields.provider.email')}
          description={t('emailHint')}
          value={form.provider.email}
          maxLength={320}
          error={error('provider.email')}
          onChange={(e) => set('provider', { email: e.currentTarget.value })}
        />
      </SimpleGrid>
    ),
    schedule: (
      <Stack>
        <Checkbox.Group
          label={t('fields.schedule.days')}
          withAsterisk
          value={form.schedule.days}
          error={error('schedule.days')}
          onChange={(days) => set('schedule', { days })}
        >
          <Group mt="xs">
            {WEEKDAYS.map((day) => (
              <Checkbox key={day} value={day} label={t(`weekdays.${day}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            required
            type="time"
            label={t('fields.schedule.start')}
            value={form.schedule.start}
            onChange={(e) => set('schedule', { start: e.currentTarget.value })}
          />
          <TextInput
            required
            type="time"
            label={t('fields.schedule.end')}
            value={form.schedule.end}
            error={error('schedule.end')}
            onChange={(e) => set('schedule', { end: e.currentTarget.value })}
          />
          <NativeSelect
            label={t('fields.schedule.slotMinutes')}
            value={form.schedule.slotMinutes}
            error={error('schedule.slotMinutes')}
            data={SLOT_MINUTES.map((m) => ({ value: m, label: t('minutes', { count: Number(m) }) }))}
            onChange={(e) => set('schedule', { slotMinutes: e.currentTarget.value })}
          />
        </SimpleGrid>
        <TextInput
          required
          label={t('fields.schedule.categoryName')}
          value={form.schedule.categoryName}
          maxLength={100}
          error={error('schedule.categoryName')}
          onChange={(e) => set('schedule', { categoryName: e.currentTarget.value })}
        />
        <Title order={3} size="h5">
          {t('reasonsHeading')}
        </Title>
        {error('schedule.reasons') ? (
          <Text c="red" size="sm" role="alert">
            {error('schedule.reasons')}
          </Text>
        ) : null}
        {form.schedule.reasons.map((reason, index) => {
          const update = (patch: Partial<typeof reason>) =>
            set('schedule', {
              reasons: form.schedule.reasons.map((r, i) => (i === index ? { ...r, ...patch } : r)),
            });
          return (
            <Group key={index} align="flex-start" wrap="wrap">
              <TextInput
                required
                style={{ flex: '2 1 200px' }}
                label={t('fields.schedule.reasons.name', { n: index + 1 })}
                value={reason.name}
                maxLength={100}
                error={error(`schedule.reasons.${index}.name`)}
                onChange={(e) => update({ name: e.currentTarget.value })}
              />
              <TextInput
                required
                style={{ flex: '1 1 100px' }}
                type="number"
                min={5}
                max={480}
                label={t('fields.schedule.reasons.duration', { n: index + 1 })}
                value={reason.duration}
                error={error(`schedule.reasons.${index}.duration`)}
                onChange={(e) => update({ duration: e.currentTarget.value })}
              />
              <NativeSelect
                style={{ flex: '1 1 140px' }}
                label={t('fields.schedule.reasons.visitType', { n: index + 1 })}
                value={reason.visitType}
                data={VISIT_TYPES.map((v) => ({ value: v, label: t(`visitTypes.${v}`) }))}
                onChange={(e) => update({ visitType: e.currentTarget.value as typeof reason.visitType })}
              />
              <ActionIcon
                mt={26}
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('removeReason', { n: index + 1 })}
                disabled={form.schedule.reasons.length === 1}
                onClick={() =>
                  set('schedule', { reasons: form.schedule.reasons.filter((_, i) => i !== index) })
                }
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          );
        })}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          w="fit-content"
          disabled={form.schedule.reasons.length >= 20}
          onClick={() =>
            set('schedule', {
              reasons: [...form.schedule.reasons, { name: '', duration: '30', visitType: 'Office' }],
            })
          }
        >
          {t('addReason')}
        </Button>
      </Stack>
    ),
    payment: (
      <Stack>
        <Switch
          label={t('fields.payment.enabled')}
          checked={form.payment.enabled}
          onChange={(e) => set('payment', { enabled: e.currentTarget.checked })}
        />
        {form.payment.enabled ? (
          <NativeSelect
            required
            label={t('fields.payment.gateway')}
            value={form.payment.gateway}
            error={error('payment.gateway')}
            data={[
              { value: '', label: t('choose') },
              ...ONBOARDING_GATEWAYS.map((g) => ({ value: g, label: t(`gateways.${g}`) })),
            ]}
            onChange={(e) =>
              set('payment', { gateway: e.currentTarget.value as WizardForm['payment']['gateway'] })
            }
            maw={320}
          />
        ) : (
          <Text c="dimmed">{t('paymentOff')}</Text>
        )}
      </Stack>
    ),
    review: (
      <Stack>
        <Table variant="vertical" withTableBorder aria-label={t('reviewHeading')}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={180}>{t('steps.organization')}</Table.Th>
              <Table.Td>
                {[form.organization.name, form.organization.phone, form.organization.email].join(' · ')}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('steps.location')}</Table.Th>
              <Table.Td>
                {[
                  form.location.name,
                  form.location.address1,
                  `${form.location.city}, ${form.location.state} ${form.location.zipCode}`,
                  t(`zones.${form.location.timeZone}`),
                ].join(' · ')}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('steps.provider')}</Table.Th>
              <Table.Td>
                {[
                  [form.provider.prefix, form.provider.firstName, form.provider.lastName]
                    .filter(Boolean)
                    .join(' '),
                  `NPI ${form.provider.npi}`,
                  specialties.data?.find((s) => s.Id === form.provider.specialtyId)?.Display,
                  form.provider.email,
                ].join(' · ')}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('steps.schedule')}</Table.Th>
              <Table.Td>
                {t('hoursSummary', {
                  days: form.schedule.days.map((d) => t(`weekdays.${d}`)).join(', '),
                  start: form.schedule.start,
                  end: form.schedule.end,
                })}
                {' · '}
                {form.schedule.reasons
                  .map((r) => `${r.name} (${t('minutes', { count: Number(r.duration) })})`)
                  .join(', ')}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('steps.payment')}</Table.Th>
              <Table.Td>
                {form.payment.enabled && form.payment.gateway
                  ? t('paymentOn', { gateway: t(`gateways.${form.payment.gateway}`) })
                  : t('paymentOff')}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Switch
          label={t('fields.publish')}
          description={t('publishHint')}
          checked={form.publish}
          onChange={(e) => setForm({ ...form, publish: e.currentTarget.checked })}
        />
      </Stack>
    ),
  };

  return (
    <Container size="md" py="xl">
      <title>{t('title')}</title>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('heading')}</Title>
          <Text c="dimmed">{t('lead')}</Text>
        </div>
        <nav aria-label={t('progress')}>
          <Text size="sm" aria-live="polite">
            {t('stepOf', { n: active + 1, total: STEPS.length, name: t(`steps.${step}`) })}
          </Text>
          <Stepper
            active={active}
            onStepClick={(index) => index < active && go(index)}
            size="sm"
            mt="xs"
            allowNextStepsSelect={false}
            visibleFrom="sm"
          >
            {STEPS.map((name) => (
              <Stepper.Step key={name} label={t(`steps.${name}`)} />
            ))}
          </Stepper>
        </nav>
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="wizard-step-heading">
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (step === 'review') submit();
              else go(active + 1);
            }}
          >
            <Stack>
              <Title order={2} size="h3" id="wizard-step-heading" ref={heading} tabIndex={-1}>
                {t(`steps.${step}`)}
              </Title>
              {serverError ? (
                <Alert color="red" role="alert">
                  {serverError}
                </Alert>
              ) : null}
              {stepBody[step]}
              <Group justify="space-between" mt="md">
                <Button variant="default" disabled={active === 0} onClick={() => go(active - 1)}>
                  {t('back')}
                </Button>
                <Button type="submit" loading={onboard.isPending}>
                  {step === 'review' ? t(form.publish ? 'createAndPublish' : 'create') : t('next')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Container>
  );
}
