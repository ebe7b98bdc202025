import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type {
  Location,
  LocationPaymentConfig,
  LocationPaymentInput,
  PaymentGatewayInfo,
} from '@careslot/contracts';
import { ApiError } from '../../../shared/api/client';
import { toast } from '../../../shared/ui/toast';
import { AccountFields, emptyDraft, gatewayFromDraft, type AccountDraft } from './OrganizationGatewayForm';

/** One location: its own gateway, or the organization's (no override). */
function LocationRow(props: {
  location: Location;
  saved: LocationPaymentConfig | null;
  gateways: PaymentGatewayInfo[];
  onSave: (input: LocationPaymentInput | null) => Promise<unknown>;
}) {
  const { t } = useTranslation('paymentSettings');
  const [gateway, setGateway] = useState<string | null>(props.saved?.Gateway.GatewayName ?? null);
  const [draft, setDraft] = useState<AccountDraft>(emptyDraft);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [saving, setSaving] = useState(false);

  const save = async (input: LocationPaymentInput | null) => {
    setSaving(true);
    try {
      await props.onSave(input);
      setDraft(emptyDraft());
      toast.success(t('saved'));
    } catch (error) {
      if (error instanceof ApiError && error.issues.length)
        setErrors(
          Object.fromEntries(error.issues.map((i) => [i.field.split('.').pop() ?? i.field, i.message])),
        );
      else toast.error(error instanceof Error ? error.message : t('saveFailed'));
    } finally {
      setSaving(false);
    }
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!gateway) return void save(null);
    const checked = gatewayFromDraft(gateway, draft);
    setErrors(checked.errors);
    if (checked.input) void save({ Gateway: checked.input });
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      onSubmit={submit}
      noValidate
      aria-label={props.location.Name}
    >
      <Stack gap="sm">
        <Text fw={600}>{props.location.Name}</Text>
        <Select
          label={t('locations.gateway', { name: props.location.Name })}
          data={[
            { value: '', label: t('locations.inherit') },
            ...props.gateways.map((g) => ({
              value: g.GatewayName,
              label: g.Available ? g.DisplayName : t('unavailable', { name: g.DisplayName }),
              disabled: !g.Available,
            })),
          ]}
          value={gateway ?? ''}
          onChange={(value) => {
            setGateway(value || null);
            setDraft(emptyDraft());
            setErrors({});
          }}
          allowDeselect={false}
          error={errors.GatewayName}
        />
        <AccountFields
          gateway={gateway}
          gateways={props.gateways}
          saved={props.saved?.Gateway ?? null}
          draft={draft}
          errors={errors}
          onChange={setDraft}
          idPrefix={`location-${props.location.Id}`}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={saving}>
            {t('locations.save', { name: props.location.Name })}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function LocationGateways(props: {
  locations: Location[];
  configs: LocationPaymentConfig[];
  gateways: PaymentGatewayInfo[];
  onSave: (locationId: string, input: LocationPaymentInput | null) => Promise<unknown>;
}) {
  const { t } = useTranslation('paymentSettings');
  const byLocation = new Map(props.configs.map((c) => [c.LocationId, c]));
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="payments-locations-heading">
      <Stack gap="md">
        <Title order={3} id="payments-locations-heading">
          {t('locations.heading')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('locations.lead')}
        </Text>
        {props.locations.length === 0 ? <Text>{t('locations.empty')}</Text> : null}
        {props.locations.map((location) => (
          <LocationRow
            key={`${location.Id}:${byLocation.get(location.Id)?.Gateway.GatewayName ?? ''}`}
            location={location}
            saved={byLocation.get(location.Id) ?? null}
            gateways={props.gateways}
            onSave={(input) => props.onSave(location.Id, input)}
          />
        ))}
      </Stack>
    </Paper>
  );
}
