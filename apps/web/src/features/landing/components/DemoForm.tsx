import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEMO_INTERESTS, DEMO_REQUEST_LIMITS, type DemoInterest } from '@careslot/contracts';
import { ApiError } from '../../../shared/api/client';
import {
  errorsFrom,
  useSubmitDemoRequest,
  validateDemoRequest,
  type DemoField,
  type FieldErrors,
} from '../api/demoRequests';
import classes from '../routes/LandingPage.module.css';

interface Values {
  name: string;
  practice: string;
  email: string;
  phone: string;
  interests: DemoInterest[];
  message: string;
  website: string;
}

const EMPTY: Values = {
  name: '',
  practice: '',
  email: '',
  phone: '',
  interests: [],
  message: '',
  website: '',
};
const ORDER: DemoField[] = ['name', 'practice', 'email', 'phone', 'interests', 'message'];

/** The Request a Demo form (practice-portal.md §2.14): required markers, messages per field, a honeypot. */
export function DemoForm({
  source,
  initialInterest,
}: {
  source: string | null;
  initialInterest: DemoInterest | null;
}) {
  const { t } = useTranslation('landing');
  const [values, setValues] = useState<Values>(() => ({
    ...EMPTY,
    interests: initialInterest ? [initialInterest] : [],
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const submit = useSubmitDemoRequest();
  const form = useRef<HTMLFormElement>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const focusFirstError = (found: FieldErrors) => {
    const first = ORDER.find((f) => found[f]);
    if (!first) return;
    const target = form.current?.querySelector<HTMLElement>(
      first === 'interests' ? 'input[name="interests"]' : `[name="${first}"]`,
    );
    target?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const input = {
      name: values.name,
      practice: values.practice,
      email: values.email,
      phone: values.phone,
      interests: values.interests,
      ...(values.message.trim() ? { message: values.message } : {}),
      ...(source ? { source: source.slice(0, DEMO_REQUEST_LIMITS.source) } : {}),
      ...(values.website ? { website: values.website } : {}),
    };
    const found = validateDemoRequest(input);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFormError('demo.errors.summary');
      focusFirstError(found);
      return;
    }
    try {
      await submit.mutateAsync(input);
      setDone(true);
      requestAnimationFrame(() => doneHeading.current?.focus());
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.issues.length > 0) {
        const fromServer = errorsFrom(error.issues);
        setErrors(fromServer);
        setFormError('demo.errors.summary');
        focusFirstError(fromServer);
      } else if (error instanceof ApiError && error.status === 429) setFormError('demo.errors.tooMany');
      else setFormError('demo.errors.failed');
    }
  };

  if (done) {
    return (
      <div className={classes.formCard} role="status">
        <Stack align="center" gap="sm" py="xl" ta="center">
          <IconCircleCheck size={56} color="var(--mantine-color-brand-7)" aria-hidden />
          <Title order={3} ref={doneHeading} tabIndex={-1}>
            {t('demo.done.heading')}
          </Title>
          <Text>{t('demo.done.text')}</Text>
          <Button
            variant="light"
            mt="sm"
            onClick={() => {
              setValues({ ...EMPTY });
              setDone(false);
            }}
          >
            {t('demo.done.again')}
          </Button>
        </Stack>
      </div>
    );
  }

  const error = (field: DemoField) => (errors[field] ? t(errors[field]) : undefined);

  return (
    <form
      ref={form}
      className={classes.formCard}
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-labelledby="request-demo-heading"
    >
      <Text size="sm" c="dimmed" mb="md">
        {t('demo.required')}
      </Text>
      {formError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} mb="md" role="alert">
          {t(formError)}
        </Alert>
      ) : null}
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            name="name"
            label={t('demo.name')}
            withAsterisk
            aria-required
            autoComplete="name"
            maxLength={DEMO_REQUEST_LIMITS.name}
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={error('name')}
          />
          <TextInput
            name="practice"
            label={t('demo.practice')}
            withAsterisk
            aria-required
            autoComplete="organization"
            maxLength={DEMO_REQUEST_LIMITS.practice}
            value={values.practice}
            onChange={(e) => set('practice', e.currentTarget.value)}
            error={error('practice')}
          />
          <TextInput
            name="email"
            type="email"
            label={t('demo.email')}
            withAsterisk
            aria-required
            autoComplete="email"
            maxLength={DEMO_REQUEST_LIMITS.email}
            value={values.email}
            onChange={(e) => set('email', e.currentTarget.value)}
            error={error('email')}
          />
          <TextInput
            name="phone"
            type="tel"
            label={t('demo.phone')}
            description={t('demo.phoneHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            withAsterisk
            aria-required
            autoComplete="tel"
            maxLength={DEMO_REQUEST_LIMITS.phone + 3}
            value={values.phone}
            onChange={(e) => set('phone', e.currentTarget.value)}
            error={error('phone')}
          />
        </SimpleGrid>
        <Checkbox.Group
          label={t('demo.interests')}
          withAsterisk
          value={values.interests}
          onChange={(next) => set('interests', next)}
          error={error('interests')}
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={8} mt={8}>
            {DEMO_INTERESTS.map((interest) => (
              <Checkbox
                key={interest}
                name="interests"
                value={interest}
                label={t(`demo.interest.${interest}`)}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Textarea
          name="message"
          label={t('demo.message')}
          autosize
          minRows={2}
          maxRows={4}
          maxLength={DEMO_REQUEST_LIMITS.message}
          value={values.message}
          onChange={(e) => set('message', e.currentTarget.value)}
          error={error('message')}
        />
        {/* Honeypot: hidden from people and assistive technology; bots that fill every field reveal themselves. */}
        <div className={classes.honeypot} aria-hidden="true">
          <label htmlFor="demo-website">{t('demo.website')}</label>
          <input
            id="demo-website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={values.website}
            onChange={(e) => set('website', e.currentTarget.value)}
          />
        </div>
        <Button type="submit" size="md" loading={submit.isPending} mt="xs">
          {t('demo.submit')}
        </Button>
      </Stack>
    </form>
  );
}
