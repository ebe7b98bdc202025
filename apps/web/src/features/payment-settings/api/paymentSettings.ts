import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  HealthcareService,
  Location,
  LocationPaymentConfig,
  LocationPaymentInput,
  OrganizationPaymentConfig,
  OrganizationPaymentInput,
  PayeeAccount,
  PaymentGatewayInfo,
  Practitioner,
  VisitFeeInput,
  VisitFeeSettings,
} from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

/** The payment service's settings calls (practice-portal.md §7 Payments; decision 0055). */
const PAY = '/careslot-payment-service/api';
const ADMINISTRATION = '/careslot-administration/api/v2';

interface Envelope<T> {
  status_code: number;
  message: string;
  data: T;
}
interface DataList<T> {
  Data: T[];
  Total: number;
}

const keys = {
  all: (organizationId: string) => ['payment-settings', organizationId] as const,
};

export const gatewaysQuery = () =>
  queryOptions({
    queryKey: ['payment-gateways'],
    queryFn: async ({ signal }) =>
      (await apiRequest<Envelope<PaymentGatewayInfo[]>>(`${PAY}/paymentgateways`, { signal })).data,
    staleTime: 10 * 60_000,
  });

export const organizationConfigQuery = (organizationId: string) =>
  queryOptions({
    queryKey: [...keys.all(organizationId), 'organization'],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<Envelope<OrganizationPaymentConfig>>(`${PAY}/organizations/get-by-organization`, {
          query: { organizationId },
          signal,
        })
      ).data,
  });

export const locationConfigsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: [...keys.all(organizationId), 'locations'],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<Envelope<DataList<LocationPaymentConfig>>>(`${PAY}/locations/batch`, {
          query: { organizationId },
          signal,
        })
      ).data.Data,
  });

export const visitFeesQuery = (organizationId: string) =>
  queryOptions({
    queryKey: [...keys.all(organizationId), 'fees'],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<Envelope<DataList<VisitFeeSettings>>>(`${PAY}/entityconfigurations`, {
          query: { organizationId },
          signal,
        })
      ).data.Data,
  });

/** The practice's locations, providers and resources (the rows the settings list). */
export const practiceDirectoryQuery = (organizationId: string) =>
  queryOptions({
    queryKey: [...keys.all(organizationId), 'directory'],
    queryFn: async ({ signal }) => {
      const [locations, providers, resources] = await Promise.all([
        apiRequest<DataList<Location>>(`${ADMINISTRATION}/location/advance-search`, {
          method: 'POST',
          body: { OrganizationId: organizationId, Limit: 1000 },
          signal,
        }),
        apiRequest<DataList<Practitioner>>(`${ADMINISTRATION}/practitioner/advance-search`, {
          method: 'POST',
          body: { OrganizationId: organizationId, UserRoles: ['provider'], Limit: 0 },
          signal,
        }),
        apiRequest<DataList<HealthcareService>>(`${ADMINISTRATION}/healthcareservice/advance-search`, {
          method: 'POST',
          body: { OrganizationId: organizationId, Limit: 0 },
          signal,
        }),
      ]);
      return { locations: locations.Data, providers: providers.Data, resources: resources.Data };
    },
    staleTime: 5 * 60_000,
  });

export function usePaymentSettings(organizationId: string) {
  return {
    gateways: useQuery(gatewaysQuery()),
    organization: useQuery(organizationConfigQuery(organizationId)),
    locations: useQuery(locationConfigsQuery(organizationId)),
    fees: useQuery(visitFeesQuery(organizationId)),
    directory: useQuery(practiceDirectoryQuery(organizationId)),
  };
}

function useInvalidate(organizationId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.all(organizationId) });
}

export function useSaveOrganizationConfig(organizationId: string) {
  const invalidate = useInvalidate(organizationId);
  return useMutation({
    mutationFn: async (input: OrganizationPaymentInput) =>
      (
        await apiRequest<Envelope<OrganizationPaymentConfig>>(`${PAY}/organizations/upsert`, {
          method: 'POST',
          query: { organizationId },
          body: input,
        })
      ).data,
    onSuccess: invalidate,
  });
}

export function useSaveLocationConfig(organizationId: string) {
  const invalidate = useInvalidate(organizationId);
  return useMutation({
    mutationFn: async ({ locationId, input }: { locationId: string; input: LocationPaymentInput | null }) => {
      if (input === null)
        await apiRequest(`${PAY}/locations/${encodeURIComponent(locationId)}`, { method: 'DELETE' });
      else
        await apiRequest(`${PAY}/locations/upsert`, {
          method: 'POST',
          query: { organizationId, locationId },
          body: input,
        });
    },
    onSuccess: invalidate,
  });
}

export function useSaveVisitFee(organizationId: string) {
  const invalidate = useInvalidate(organizationId);
  return useMutation({
    mutationFn: async ({
      entityType,
      entityId,
      input,
    }: {
      entityType: 'provider' | 'healthcareservice';
      entityId: string;
      input: VisitFeeInput;
    }) =>
      (
        await apiRequest<Envelope<VisitFeeSettings>>(`${PAY}/entityconfigurations/upsert`, {
          method: 'POST',
          query: { organizationId, entityType, entityId },
          body: input,
        })
      ).data,
    onSuccess: invalidate,
  });
}

/** "Connect with Stripe": the state ties the answer to this browser's request (an attacker's code cannot be slipped in). */
export const STRIPE_CONNECT_STATE_KEY = 'stripe_connect_state';

export async function startStripeConnect(organizationId: string): Promise<string> {
  const state = crypto.randomUUID().replace(/-/g, '');
  sessionStorage.setItem(STRIPE_CONNECT_STATE_KEY, state);
  return (
    await apiRequest<Envelope<{ Url: string }>>(`${PAY}/payee-account/connect-url`, {
      query: { organizationId, state },
    })
  ).data.Url;
}

export function useFinishStripeConnect(organizationId: string) {
  const invalidate = useInvalidate(organizationId);
  return useMutation({
    mutationFn: async (authCode: string) =>
      (
        await apiRequest<Envelope<PayeeAccount>>(`${PAY}/payee-account`, {
          query: { authCode, organizationId },
        })
      ).data,
    onSuccess: invalidate,
  });
}
