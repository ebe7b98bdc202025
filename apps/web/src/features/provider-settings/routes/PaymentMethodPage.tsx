import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { visitFeeInputSchema, type EntityPaymentConfig } from '@careslot/contracts';
import { centsToDollars, dollarsToCents, visitFeeProblem } from '@careslot/domain';
import { ApiError } from '../../../shared/api/client';
import { useShowApiError } from '../../../shared/api/useShowApiError';
import { useHeaderState } from '../../../shared/navigation/headerState';
import { useSession } from '../../../shared/session/session';
import { toast } from '../../../shared/ui/toast';
import { useSaveVisitFee, useVisitFee } from '../api/providerSettings';
import { mayEditProviderSettings } from '../editAccess';

type FeeField = 'insured' | 'uninsured';
const CENTS_FIELD: Record<string, FeeField> = {
  InsuredAmountCents: 'insured',
  UninsuredAmountCents: 'uninsured',
};

/**
 * The fee form: dollars as typed, checked with the domain's fee rule and the contract's schema before the call,
 * cents on the wire; the server's field errors land under the field they name.
 */
function FeeForm({
  saved,
  organizationId,
  providerId,
}: {
  saved: EntityPaymentConfig['VisitFeeDetails'];
  organizationId: string;
  providerId: string;
}) {
  const { t } = useTranslation('providerSettings');
  const save = useSaveVisitFee(organizationId, providerId);
  const showError = useShowApiError();
  const [enable, setEnable] = useState(saved.Enable);
  const [amounts, setAmounts] = useState<Record<FeeField, string>>({
    insured: centsToDollars(saved.InsuredAmountCents),
    uninsured: centsToDollars(saved.UninsuredAmountCents),
  });
  const [errors, setErrors] = useState<Partial<Record<FeeField, string>>>({});
  const label = (field: FeeField) => t(field === 'insured' ? 'fees.insuredFee' : 'fees.uninsuredFee');

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<FeeField, string>> = {};
    for (const field of ['insured', 'uninsured'] as const) {
      const rule = visitFeeProblem(amounts[field]);
      if (rule) next[field] = t(`fees.errors.${rule}`, { field: label(field) });
    }
    const input = {
      VisitFeeDetails: {
        Enable: enable,
        InsuredAmountCents: dollarsToCents(amounts.insured),
        UninsuredAmountCents: dollarsToCents(amounts.uninsured),
      },
    };
    const parsed = visitFeeInputSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = CENTS_FIELD[String(issue.path.at(-1))];
        if (field) next[field] ??= `${label(field)}: ${issue.message}`;
      }
    }
    setErrors(next);
    if (Object.keys(next).length || !parsed.success) return;
    try {
      await save.mutateAsync(parsed.data);
      toast.success(t('fees.saved'));
    } catch (error) {
      const fromServer: Partial<Record<FeeField, string>> = {};
      if (error instanceof ApiError) {
        for (const issue of error.issues) {
          const field = CENTS_FIELD[issue.field.split('.').at(-1) ?? ''];
          if (field) fromServer[field] = `${label(field)}: ${issue.message}`;
        }
      }
      if (Object.keys(fromServer).length) setErrors(fromServer);
      showError(error);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="provider-fees-heading">
      <Stack gap="md">
        <Checkbox
          label={t('fees.enable')}
          description={t('fees.enableHint')}
          checked={enable}
          onChange={(e) => setEnable(e.currentTarget.checked)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {(['insured', 'uninsured'] as const).map((field) => (
            <TextInput
              key={field}
              label={label(field)}
              description={t('fees.amountHint')}
              leftSection="$"
              inputMode="decimal"
              autoComplete="off"
              value={amounts[field]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setAmounts((current) => ({ ...current, [field]: value }));
              }}
              error={errors[field]}
            />
          ))}
        </SimpleGrid>
        <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('fees.save')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * /providers/:userId/settings/payment-method: the provider's visit fees, insured and uninsured (integer cents
 * from the payments module's GET entityconfigurations/entity, shown as dollars). The provider themself changes
 * their own (decision 0068), as does the practice admin; anyone else, or a provider whose practice switched
 * their settings off, sees them read-only.
 */
export function PaymentMethodPage() {
  const { t, i18n } = useTranslation('providerSettings');
  const { userId = '' } = useParams();
  const { user } = useSession();
  const { features } = useHeaderState();
  const organizationId = user?.organizationId ?? null;
  const fee = useVisitFee(organizationId, userId);
  const canEdit = mayEditProviderSettings(user, userId, features);
  const dollars = (cents: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' }).format(cents / 100);
  const details = fee.data?.VisitFeeDetails;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} fz="h3" id="provider-fees-heading">
          {t('sections.paymentMethod')}
        </Title>
        <Text c="dimmed">{t(canEdit ? 'fees.leadEdit' : 'fees.lead')}</Text>
        {fee.isLoading && <Loader aria-label={t('loading')} />}
        {fee.isError && <Alert color="red">{t('loadFailed')}</Alert>}
        {details && (
          <Group gap="xs">
            <Text fw={500}>{t('fees.status')}</Text>
            <Badge color={details.Enable ? 'green' : 'gray'} variant="light" c="dark.7">
              {t(details.Enable ? 'fees.enabled' : 'fees.disabled')}
            </Badge>
          </Group>
        )}
        {details && canEdit && organizationId && (
          // Keyed by the saved values so the form starts again from what the server kept after a save.
          <FeeForm
            key={`${details.Enable}:${details.InsuredAmountCents}:${details.UninsuredAmountCents}`}
            saved={details}
            organizationId={organizationId}
            providerId={userId}
          />
        )}
        {details && !canEdit && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Paper withBorder radius="md" p="md">
                <Text size="sm" c="dimmed">
                  {t('fees.insured')}
                </Text>
                <Text fz="xl" fw={700}>
                  {dollars(details.InsuredAmountCents)}
                </Text>
              </Paper>
              <Paper withBorder radius="md" p="md">
                <Text size="sm" c="dimmed">
                  {t('fees.uninsured')}
                </Text>
                <Text fz="xl" fw={700}>
                  {dollars(details.UninsuredAmountCents)}
                </Text>
              </Paper>
            </SimpleGrid>
            <Text size="sm">{t('fees.setBy')}</Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
