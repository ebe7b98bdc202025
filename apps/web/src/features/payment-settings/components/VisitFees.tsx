import { useState } from 'react';
import {
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VisitFeeInput, VisitFeeSettings } from '@careslot/contracts';
import { centsToDollars, dollarsToCents, visitFeeProblem } from '@careslot/domain';
import { ApiError } from '../../../shared/api/client';
import { toast } from '../../../shared/ui/toast';

export interface FeeEntity {
  type: 'provider' | 'healthcareservice';
  id: string;
  name: string;
}

/** One provider's or resource's fee: dollars in the form, cents on the wire. */
function FeeRow(props: {
  entity: FeeEntity;
  saved: VisitFeeSettings | null;
  onSave: (input: VisitFeeInput) => Promise<unknown>;
}) {
  const { t } = useTranslation('paymentSettings');
  const details = props.saved?.VisitFeeDetails;
  const [enable, setEnable] = useState(details?.Enable ?? false);
  const [insured, setInsured] = useState(centsToDollars(details?.InsuredAmountCents ?? 0));
  const [uninsured, setUninsured] = useState(centsToDollars(details?.UninsuredAmountCents ?? 0));
  const [errors, setErrors] = useState<{ insured?: string; uninsured?: string }>({});
  const [saving, setSaving] = useState(false);
  const problem = (typed: string, field: string) => {
    const rule = visitFeeProblem(typed);
    return rule ? t(`fees.errors.${rule}`, { field }) : undefined;
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const next = {
      insured: problem(insured, t('fees.insured')),
      uninsured: problem(uninsured, t('fees.uninsured')),
    };
    setErrors(next);
    if (next.insured || next.uninsured) return;
    setSaving(true);
    try {
      await props.onSave({
        VisitFeeDetails: {
          Enable: enable,
          InsuredAmountCents: dollarsToCents(insured)!,
          UninsuredAmountCents: dollarsToCents(uninsured)!,
        },
      });
      toast.success(t('fees.saved', { name: props.entity.name }));
    } catch (error) {
      if (error instanceof ApiError && error.issues.length)
        toast.error(error.issues.map((i) => `${i.field}: ${i.message}`).join('; '));
      else toast.error(error instanceof Error ? error.message : t('saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  const id = `fee-${props.entity.id}`;
  // One line a provider on a wide screen; the visible labels are short, the names screen readers hear are whole.
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby={`${id}-name`}
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Stack gap={4} w={{ base: '100%', sm: 220 }}>
          <Text fw={600} id={`${id}-name`}>
            {props.entity.name}
          </Text>
          <Checkbox
            label={t('fees.charge')}
            aria-label={t('fees.enable', { name: props.entity.name })}
            checked={enable}
            onChange={(e) => setEnable(e.currentTarget.checked)}
          />
        </Stack>
        <TextInput
          label={t('fees.insured')}
          aria-label={t('fees.insuredFor', { name: props.entity.name })}
          leftSection="$"
          inputMode="decimal"
          value={insured}
          onChange={(e) => setInsured(e.currentTarget.value)}
          error={errors.insured}
          w={{ base: '45%', sm: 150 }}
        />
        <TextInput
          label={t('fees.uninsured')}
          aria-label={t('fees.uninsuredFor', { name: props.entity.name })}
          leftSection="$"
          inputMode="decimal"
          value={uninsured}
          onChange={(e) => setUninsured(e.currentTarget.value)}
          error={errors.uninsured}
          w={{ base: '45%', sm: 150 }}
        />
        <Button
          type="submit"
          variant="light"
          loading={saving}
          aria-label={t('fees.save', { name: props.entity.name })}
          ml={{ sm: 'auto' }}
        >
          {t('fees.saveShort')}
        </Button>
      </Group>
    </Paper>
  );
}

export function VisitFees(props: {
  providers: FeeEntity[];
  resources: FeeEntity[];
  fees: VisitFeeSettings[];
  onSave: (entity: FeeEntity, input: VisitFeeInput) => Promise<unknown>;
}) {
  const { t } = useTranslation('paymentSettings');
  const [kind, setKind] = useState<'provider' | 'healthcareservice'>('provider');
  const saved = new Map(props.fees.map((f) => [`${f.EntityType}:${f.EntityId}`, f]));
  const rows = kind === 'provider' ? props.providers : props.resources;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="payments-fees-heading">
      <Stack gap="md">
        <Title order={3} id="payments-fees-heading">
          {t('fees.heading')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('fees.lead')}
        </Text>
        <SegmentedControl
          aria-label={t('fees.kind')}
          value={kind}
          onChange={setKind}
          data={[
            { value: 'provider', label: t('fees.providers') },
            { value: 'healthcareservice', label: t('fees.resources') },
          ]}
        />
        {rows.length === 0 ? <Text>{t('fees.empty')}</Text> : null}
        {rows.map((entity) => {
          const fee = saved.get(`${entity.type}:${entity.id}`) ?? null;
          return (
            <FeeRow
              key={`${entity.type}:${entity.id}:${fee?.VisitFeeDetails.InsuredAmountCents ?? 0}:${fee?.VisitFeeDetails.UninsuredAmountCents ?? 0}:${fee?.VisitFeeDetails.Enable ?? false}`}
              entity={entity}
              saved={fee}
              onSave={(input) => props.onSave(entity, input)}
            />
          );
        })}
      </Stack>
    </Paper>
  );
}
