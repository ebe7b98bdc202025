import { useEffect, useRef, useState } from 'react';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Practitioner } from '@careslot/contracts';
import { useSession } from '../../../shared/session/session';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { toast } from '../../../shared/ui/toast';
import {
  STRIPE_CONNECT_STATE_KEY,
  startStripeConnect,
  useFinishStripeConnect,
  usePaymentSettings,
  useSaveLocationConfig,
  useSaveOrganizationConfig,
  useSaveVisitFee,
} from '../api/paymentSettings';
import { LocationGateways } from '../components/LocationGateways';
import { OrganizationGatewayForm } from '../components/OrganizationGatewayForm';
import { VisitFees, type FeeEntity } from '../components/VisitFees';

const nameOf = (p: Practitioner) => {
  const name = p.Name[0];
  return [name?.Prefix.join(' '), name?.Given.join(' '), name?.Family].filter(Boolean).join(' ') || p.Id;
};

/**
 * The practice admin's payments section (practice-portal.md §3.7; decision 0055): online payment, the
 * organization's gateway with its account fields and "Connect with Stripe", each location's own gateway, and
 * the visit fee of each provider and resource.
 */
export function PaymentSettingsPage() {
  const { t } = useTranslation('paymentSettings');
  const { user } = useSession();
  const organizationId = user?.organizationId ?? '';
  const settings = usePaymentSettings(organizationId);
  const saveOrganization = useSaveOrganizationConfig(organizationId);
  const saveLocation = useSaveLocationConfig(organizationId);
  const saveFee = useSaveVisitFee(organizationId);
  const finishConnect = useFinishStripeConnect(organizationId);
  const [connecting, setConnecting] = useState(false);
  const [params, setParams] = useSearchParams();
  const finished = useRef(false);

  // Back from Stripe (or the sandbox) with ?code=&state=: finish once, then clear the address.
  useEffect(() => {
    const code = params.get('code');
    const state = params.get('state');
    if (!code || finished.current || !organizationId) return;
    finished.current = true;
    const expected = sessionStorage.getItem(STRIPE_CONNECT_STATE_KEY);
    sessionStorage.removeItem(STRIPE_CONNECT_STATE_KEY);
    setParams({}, { replace: true });
    if (!expected || expected !== state) {
      toast.error(t('connect.stateMismatch'));
      return;
    }
    finishConnect.mutate(code, {
      onSuccess: (account) => toast.success(t('connect.connected', { account: account.StripeAccountId })),
      onError: (error) => toast.error(error.message),
    });
  }, [params, organizationId, setParams, finishConnect, t]);

  if (!organizationId) return <Alert color="red">{t('noPractice')}</Alert>;
  const { gateways, organization, locations, fees, directory } = settings;
  const failed = [gateways, organization, locations, fees, directory].find((q) => q.error);

  const connect = async () => {
    setConnecting(true);
    try {
      window.location.assign(await startStripeConnect(organizationId));
    } catch (error) {
      setConnecting(false);
      toast.error(error instanceof Error ? error.message : t('saveFailed'));
    }
  };

  const providers: FeeEntity[] = (directory.data?.providers ?? []).map((p) => ({
    type: 'provider',
    id: p.Id,
    name: nameOf(p),
  }));
  const resources: FeeEntity[] = (directory.data?.resources ?? []).map((r) => ({
    type: 'healthcareservice',
    id: r.Id,
    name: r.Name,
  }));

  return (
    <Stack gap="lg">
      <title>{t('title')}</title>
      <div>
        <Title order={2}>{t('heading')}</Title>
        <Text c="dimmed">{t('lead')}</Text>
      </div>
      {failed ? (
        <Alert color="red" role="alert">
          {failed.error?.message}
        </Alert>
      ) : !gateways.data || !organization.data || !locations.data || !fees.data || !directory.data ? (
        <LoadingSpinner />
      ) : (
        <>
          {finishConnect.isPending ? <LoadingSpinner text={t('connect.finishing')} /> : null}
          <OrganizationGatewayForm
            key={JSON.stringify(organization.data)}
            saved={organization.data}
            gateways={gateways.data}
            saving={saveOrganization.isPending}
            onSave={(input) => saveOrganization.mutateAsync(input)}
            onConnectStripe={() => void connect()}
            connecting={connecting}
          />
          <LocationGateways
            locations={directory.data.locations}
            configs={locations.data}
            gateways={gateways.data}
            onSave={(locationId, input) => saveLocation.mutateAsync({ locationId, input })}
          />
          <VisitFees
            providers={providers}
            resources={resources}
            fees={fees.data}
            onSave={(entity, input) =>
              saveFee.mutateAsync({ entityType: entity.type, entityId: entity.id, input })
            }
          />
        </>
      )}
    </Stack>
  );
}
