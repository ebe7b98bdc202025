import { useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Container,
  FileInput,
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type {
  CheckInDemographics,
  CheckInFormResponse,
  CheckInSession,
  CustomForm,
  FormAnswer,
  FormAnswers,
  FormComponent,
} from '@careslot/contracts';
import { isComponentVisible } from '@careslot/domain';
import { ApiError } from '../../../shared/api/client';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import {
  useAnswerForm,
  useCheckIn,
  useCheckInSession,
  useConfirmDetails,
  useSaveInsurance,
  useUploadCard,
} from '../api/checkIn';
import { SignaturePad } from './SignaturePad';

const errorText = (error: unknown) =>
  error instanceof ApiError && error.issues.length
    ? error.issues.map((i) => i.message ?? `${i.field}: ${i.rule}`).join('; ')
    : error instanceof Error
      ? error.message
      : null;

function Details({ token, session }: { token: string; session: CheckInSession }) {
  const { t } = useTranslation('checkin');
  const confirm = useConfirmDetails(token, session.AppointmentId);
  const [d, setD] = useState<CheckInDemographics>(session.Demographics);
  const field = (key: keyof CheckInDemographics, required = false) => (
    <TextInput
      label={t(`details.${key}`)}
      required={required}
      value={d[key] ?? ''}
      onChange={(e) => setD({ ...d, [key]: e.currentTarget.value })}
    />
  );
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="form"
      aria-labelledby="details-title"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        confirm.mutate(d);
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="details-title">
            {t('details.title')}
          </Title>
          {session.DemographicsConfirmed && (
            <Badge color="teal" variant="light" c="dark.7">
              {t('done')}
            </Badge>
          )}
        </Group>
        {field('FirstName', true)}
        {field('LastName', true)}
        {field('BirthDate')}
        {field('Email')}
        {field('Phone')}
        {field('Address1')}
        {field('City')}
        {field('State')}
        {field('ZipCode')}
        {confirm.error && (
          <Alert color="red" role="alert">
            {errorText(confirm.error)}
          </Alert>
        )}
        <Button type="submit" loading={confirm.isPending}>
          {t('details.confirm')}
        </Button>
      </Stack>
    </Paper>
  );
}

const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve((typeof reader.result === 'string' ? reader.result : '').split(',')[1] ?? '');
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsDataURL(file);
  });

function Insurance({ token, session }: { token: string; session: CheckInSession }) {
  const { t } = useTranslation('checkin');
  const save = useSaveInsurance(token, session.AppointmentId);
  const upload = useUploadCard(token, session.AppointmentId);
  const given = session.Insurance;
  const [holder, setHolder] = useState(given ? String(given.IsPolicyHolder) : 'true');
  const [carrier, setCarrier] = useState(given?.CarrierName ?? '');
  const [member, setMember] = useState(given?.MemberId ?? '');
  const [group, setGroup] = useState(given?.GroupNumber ?? '');
  const [holderFirst, setHolderFirst] = useState(given?.PolicyHolder?.FirstName ?? '');
  const [holderLast, setHolderLast] = useState(given?.PolicyHolder?.LastName ?? '');
  const [holderBirth, setHolderBirth] = useState(given?.PolicyHolder?.BirthDate ?? '');
  const [relationship, setRelationship] = useState<string | null>(given?.PolicyHolder?.Relationship ?? null);
  const [files, setFiles] = useState<{ front: string | null; back: string | null }>({
    front: given?.FrontFileId ?? null,
    back: given?.BackFileId ?? null,
  });
  const pick = async (side: 'front' | 'back', file: File | null) => {
    if (!file) return setFiles((f) => ({ ...f, [side]: null }));
    const ref = await upload.mutateAsync({
      Side: side,
      Name: file.name,
      ContentType: file.type,
      Data: await readBase64(file),
    });
    setFiles((f) => ({ ...f, [side]: ref.FileId }));
  };
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="form"
      aria-labelledby="insurance-title"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        save.mutate({
          IsPolicyHolder: holder === 'true',
          CarrierName: carrier,
          MemberId: member,
          GroupNumber: group || null,
          PolicyHolder:
            holder === 'true'
              ? null
              : {
                  FirstName: holderFirst,
                  LastName: holderLast,
                  BirthDate: holderBirth,
                  Relationship: (relationship ?? 'Other') as 'Spouse' | 'Parent' | 'Child' | 'Other',
                },
          FrontFileId: files.front,
          BackFileId: files.back,
        });
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="insurance-title">
            {t('insurance.title')}
          </Title>
          {given && (
            <Badge color="teal" variant="light" c="dark.7">
              {t('done')}
            </Badge>
          )}
        </Group>
        <Radio.Group label={t('insurance.holderQuestion')} value={holder} onChange={setHolder}>
          <Group mt="xs">
            <Radio value="true" label={t('insurance.self')} />
            <Radio value="false" label={t('insurance.dependent')} />
          </Group>
        </Radio.Group>
        <TextInput
          label={t('insurance.carrier')}
          required
          value={carrier}
          onChange={(e) => setCarrier(e.currentTarget.value)}
        />
        <TextInput
          label={t('insurance.member')}
          required
          value={member}
          onChange={(e) => setMember(e.currentTarget.value)}
        />
        <TextInput
          label={t('insurance.group')}
          value={group}
          onChange={(e) => setGroup(e.currentTarget.value)}
        />
        {holder === 'false' && (
          <>
            <TextInput
              label={t('insurance.holderFirst')}
              required
              value={holderFirst}
              onChange={(e) => setHolderFirst(e.currentTarget.value)}
            />
            <TextInput
              label={t('insurance.holderLast')}
              required
              value={holderLast}
              onChange={(e) => setHolderLast(e.currentTarget.value)}
            />
            <TextInput
              type="date"
              label={t('insurance.holderBirthDate')}
              required
              value={holderBirth}
              onChange={(e) => setHolderBirth(e.currentTarget.value)}
            />
            <Select
              label={t('insurance.relationship')}
              required
              data={(['Spouse', 'Parent', 'Child', 'Other'] as const).map((v) => ({
                value: v,
                label: t(`insurance.relationships.${v}`),
              }))}
              value={relationship}
              onChange={setRelationship}
            />
          </>
        )}
        <FileInput
          label={t('insurance.front')}
          accept="image/jpeg,image/png,image/webp"
          capture="environment"
          onChange={(f) => void pick('front', f)}
          description={files.front ? t('insurance.uploaded') : undefined}
        />
        <FileInput
          label={t('insurance.back')}
          accept="image/jpeg,image/png,image/webp"
          capture="environment"
          onChange={(f) => void pick('back', f)}
          description={files.back ? t('insurance.uploaded') : undefined}
        />
        {(save.error ?? upload.error) && (
          <Alert color="red" role="alert">
            {errorText(save.error ?? upload.error)}
          </Alert>
        )}
        <Button type="submit" loading={save.isPending || upload.isPending}>
          {t('insurance.save')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** One question as the patient answers it (check-in, and the form builder's preview: one renderer). */
export function Question({
  component,
  value,
  onChange,
}: {
  component: FormComponent;
  value: FormAnswer | undefined;
  onChange: (value: FormAnswer) => void;
}) {
  const { t } = useTranslation('checkin');
  const label = component.Label;
  const required = component.Required;
  switch (component.Type) {
    case 'display':
      return <Text>{label}</Text>;
    case 'yes-no':
      return (
        <Radio.Group
          label={label}
          required={required}
          value={value === true ? 'yes' : value === false ? 'no' : ''}
          onChange={(v) => onChange(v === 'yes')}
        >
          <Group mt="xs">
            <Radio value="yes" label={t('yes')} />
            <Radio value="no" label={t('no')} />
          </Group>
        </Radio.Group>
      );
    case 'choice':
      return (
        <Radio.Group
          label={label}
          required={required}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
        >
          <Stack mt="xs" gap={6}>
            {(component.Options ?? []).map((o) => (
              <Radio key={o.Value} value={o.Value} label={o.Label} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'multi-choice':
      return (
        <Checkbox.Group
          label={label}
          required={required}
          value={Array.isArray(value) ? [...value] : []}
          onChange={onChange}
        >
          <Stack mt="xs" gap={6}>
            {(component.Options ?? []).map((o) => (
              <Checkbox key={o.Value} value={o.Value} label={o.Label} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'number':
    case 'scale':
      return (
        <NumberInput
          label={label}
          required={required}
          min={component.Type === 'scale' ? (component.Min ?? 0) : component.Min}
          max={component.Type === 'scale' ? (component.Max ?? 10) : component.Max}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : null)}
        />
      );
    case 'date':
      return (
        <TextInput
          type="date"
          label={label}
          required={required}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'signature':
      return (
        <SignaturePad
          label={label}
          required={required}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
        />
      );
    case 'file':
      return <Text size="sm">{label}</Text>;
    case 'text':
      return (
        <Textarea
          label={label}
          required={required}
          autosize
          minRows={1}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}

/**
 * A form's sections and the questions its conditions show, as the patient answers them: the check-in page's form
 * cards and the form builder's preview render forms through this one component.
 */
export function FormQuestions({
  definition,
  answers,
  onAnswer,
}: {
  definition: CustomForm['Definition'];
  answers: FormAnswers;
  onAnswer: (key: string, value: FormAnswer) => void;
}) {
  return definition.Sections.map((section) => (
    <Stack key={section.Key} gap="sm">
      {definition.Sections.length > 1 && (
        <Title order={3} fz="md">
          {section.Title}
        </Title>
      )}
      {section.Components.filter((c) => isComponentVisible(definition, c.Key, answers)).map((c) => (
        <Question key={c.Key} component={c} value={answers[c.Key]} onChange={(v) => onAnswer(c.Key, v)} />
      ))}
    </Stack>
  ));
}

function FormCard({
  token,
  session,
  form,
  response,
}: {
  token: string;
  session: CheckInSession;
  form: CustomForm;
  response: CheckInFormResponse | undefined;
}) {
  const { t } = useTranslation('checkin');
  const answer = useAnswerForm(token, session.AppointmentId);
  const [answers, setAnswers] = useState<FormAnswers>(response?.Components ?? {});
  const completed = response?.Status === 'completed';
  const id = `form-${form.Id}`;
  const send = (Status: 'in-progress' | 'completed') =>
    answer.mutate({ CustomFormId: form.Id, Components: answers, Status });
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="form"
      aria-labelledby={id}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        send('completed');
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg" id={id}>
            {form.Name}
          </Title>
          {completed ? (
            <Badge color="teal" variant="light" c="dark.7">
              {t('done')}
            </Badge>
          ) : response ? (
            <Badge color="yellow" variant="light" c="dark.7">
              {t('saved')}
            </Badge>
          ) : null}
        </Group>
        <FormQuestions
          definition={form.Definition}
          answers={answers}
          onAnswer={(key, v) => setAnswers((a) => ({ ...a, [key]: v }))}
        />
        {answer.error && (
          <Alert color="red" role="alert">
            {errorText(answer.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => send('in-progress')} loading={answer.isPending}>
            {t('saveProgress')}
          </Button>
          <Button type="submit" loading={answer.isPending}>
            {form.FormType === 'Consent' ? t('sign') : t('submitForm')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /check-in/{token}: the patient's digital check-in before the visit (issue 26; decision 0094). */
export function CheckInPage() {
  const { t, i18n } = useTranslation('checkin');
  const { token = '' } = useParams();
  const session = useCheckInSession(token);
  const checkIn = useCheckIn(token, session.data?.AppointmentId ?? '');
  if (session.isPending) return <LoadingSpinner />;
  if (session.error || !session.data)
    return (
      <Container size="xs" py="xl">
        <Alert color="red" role="alert" title={t('invalidTitle')}>
          {t('invalid')}
        </Alert>
      </Container>
    );
  const s = session.data;
  const when = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: s.TimeZone,
  }).format(new Date(s.StartTime));
  return (
    <Container size="sm" px="sm" py="lg">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t('heading')}
          </Title>
          <Text>{t('visit', { practice: s.PracticeName, withWhom: s.WithWhom, when })}</Text>
        </Stack>
        {s.Status === 'completed' ? (
          <Alert color="teal" role="status" title={t('completedTitle')}>
            {t('completed')}
          </Alert>
        ) : (
          <>
            <Details token={token} session={s} />
            <Insurance token={token} session={s} />
            {s.Forms.map((form) => (
              <FormCard
                key={`${form.Id}:${form.Version}`}
                token={token}
                session={s}
                form={form}
                response={s.Responses.find((r) => r.CustomFormId === form.Id)}
              />
            ))}
            {checkIn.error && (
              <Alert color="red" role="alert">
                {errorText(checkIn.error)}
              </Alert>
            )}
            <Button size="lg" onClick={() => checkIn.mutate()} loading={checkIn.isPending}>
              {t('checkIn')}
            </Button>
          </>
        )}
      </Stack>
    </Container>
  );
}
