import { useState } from 'react';
import {
  Button,
  Group,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  gatewayInputSchema,
  type GatewayInput,
  type GatewaySettings,
  type PaymentGatewayInfo,
} from '@careslot/contracts';
import { ApiError } from '../../../shared/api/client';
import { toast } from '../../../shared/ui/toast';

export type AccountField = 'AccountNumber' | 'ProductId' | 'Credential';

/** The typed account fields of a gateway form; empty means "keep what is saved". */
export type AccountDraft = Record<AccountField, string>;
export const emptyDraft = (): AccountDraft => ({ AccountNumber: '', ProductId: '', Credential: '' });

/** Checks the gateway with the contract's schema; answers the field errors, or the input to send (only typed fields). */
export function gatewayFromDraft(
  name: string | null,
  draft: AccountDraft,
): { input: GatewayInput | null; errors: Partial<Record<AccountField | 'GatewayName', string>> } {
  const raw: Record<string, unknown> = { GatewayName: name };
  for (const field of ['AccountNumber', 'ProductId', 'Credential'] as const)
    if (draft[field].trim()) raw[field] = draft[field].trim();
  const parsed = gatewayInputSchema.safeParse(raw);
  if (parsed.success) return { input: parsed.data, errors: {} };
  const errors: Partial<Record<AccountField | 'GatewayName', string>> = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as AccountField] ??= issue.message;
  return { input: null, errors };
}

/** The account fields of the chosen gateway, each labelled with the gateway's own name for it. */
export function AccountFields(props: {
  gateway: string | null;
  gateways: PaymentGatewayInfo[];
  saved: GatewaySettings | null;
  draft: AccountDraft;
  errors: Partial<Record<string, string>>;
  onChange: (draft: AccountDraft) => void;
  idPrefix: string;
}) {
  const { t } = useTranslation('paymentSettings');
  const info = props.gateways.find((g) => g.GatewayName === props.gateway);
  if (!info) return null;
  const sameGateway = props.saved?.GatewayName === props.gateway;
  const savedValue = (field: AccountField) =>
    !sameGateway
      ? null
      : field === 'Credential'
        ? props.saved?.CredentialSet
          ? t('credentialSaved')
          : null
        : (props.saved?.[field] ?? null);
  return (
    <>
      {info.AccountFields.map((field) => {
        const label = t(`fields.${info.GatewayName}.${field}`);
        const saved = savedValue(field);
        const common = {
          id: `${props.idPrefix}-${field}`,
          label,
          description: saved ? t('savedValue', { value: saved }) : t('notSet'),
          value: props.draft[field],
          error: props.errors[field],
          autoComplete: 'off',
          onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
            props.onChange({ ...props.draft, [field]: event.currentTarget.value }),
        };
        return field === 'Credential' ? (
          <PasswordInput key={field} {...common} />
        ) : (
          <TextInput key={field} {...common} />
        );
      })}
    </>
  );
}

/** The form starts from what is saved; the page gives it a new key whenever the saved settings change. */
export function OrganizationGatewayForm(props: {
  saved: { EnableOnlinePayment: boolean; Gateway: GatewaySettings };
  gateways: PaymentGatewayInfo[];
  saving: boolean;
  onSave: (input: { EnableOnlinePayment: boolean; Gateway: GatewayInput }) => Promise<unknown>;
  onConnectStripe: () => void;
  connecting: boolean;
}) {
  const { t } = useTranslation('paymentSettings');
  const [online, setOnline] = useState(props.saved.EnableOnlinePayment);
  const [gateway, setGateway] = useState<string | null>(props.saved.Gateway.GatewayName);
  const [draft, setDraft] = useState<AccountDraft>(emptyDraft);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = gatewayFromDraft(gateway, draft);
    setErrors(checked.errors);
    if (!checked.input) return;
    try {
      await props.onSave({ EnableOnlinePayment: online, Gateway: checked.input });
      toast.success(t('saved'));
    } catch (error) {
      if (error instanceof ApiError && error.issues.length) {
        setErrors(
          Object.fromEntries(
            error.issues.map((issue) => [issue.field.split('.').pop() ?? issue.field, issue.message]),
          ),
        );
      } else toast.error(error instanceof Error ? error.message : t('saveFailed'));
    }
  };

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="payments-online-heading">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Title order={3} id="payments-online-heading">
            {t('online.heading')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('online.lead')}
          </Text>
          <Switch
            label={t('online.switch')}
            checked={online}
            onChange={(event) => setOnline(event.currentTarget.checked)}
          />
          <Select
            label={t('gateway')}
            placeholder={t('noGateway')}
            data={props.gateways.map((g) => ({
              value: g.GatewayName,
              label: g.Available ? g.DisplayName : t('unavailable', { name: g.DisplayName }),
              disabled: !g.Available,
            }))}
            value={gateway}
            onChange={(value) => {
              setGateway(value);
              setDraft(emptyDraft());
              setErrors({});
            }}
            clearable
            allowDeselect
            error={errors.GatewayName}
            comboboxProps={{ withinPortal: true }}
          />
          <AccountFields
            gateway={gateway}
            gateways={props.gateways}
            saved={props.saved.Gateway}
            draft={draft}
            errors={errors}
            onChange={setDraft}
            idPrefix="organization"
          />
          {gateway === 'stripe' ? (
            <Paper
              withBorder
              radius="md"
              p="md"
              component="section"
              aria-labelledby="payments-connect-heading"
            >
              <Stack gap="xs" align="flex-start">
                <Title order={4} id="payments-connect-heading">
                  {t('connect.title')}
                </Title>
                <Text size="sm">{t('connect.lead')}</Text>
                <Button variant="outline" onClick={props.onConnectStripe} loading={props.connecting}>
                  {t('connect.button')}
                </Button>
              </Stack>
            </Paper>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={props.saving}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
