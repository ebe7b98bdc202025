import { queryOptions } from '@tanstack/react-query';
import type {
  CardFieldSession,
  CardFieldSessionInput,
  EntityPaymentConfig,
  Location,
  LocationPaymentConfig,
  OrganizationPaymentConfig,
  PaymentMethod,
  PaymentMethodInput,
  PaymentTransaction,
  WalletOrder,
  WalletOrderInput,
} from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

const PAYMENTS = '/careslot-payment-service/api';

interface Envelope<T> {
  status_code: number;
  message: string;
  data: T;
}

export const locationQuery = (id: string) =>
  queryOptions({
    queryKey: ['location', id],
    queryFn: ({ signal }) =>
      apiRequest<Location>(`/careslot-administration/api/v2/location/${encodeURIComponent(id)}`, { signal }),
    staleTime: 5 * 60_000,
  });

/** The three levels of the visit payment config (§3.8), fetched only when authenticated (§5.3). */
export const paymentConfigQuery = (
  organizationId: string,
  locationId: string | null,
  entityType: string,
  entityId: string,
) =>
  queryOptions({
    queryKey: ['visit-payment-config', organizationId, locationId, entityType, entityId],
    queryFn: async ({ signal }) => {
      const [organization, location, entity] = await Promise.all([
        apiRequest<Envelope<OrganizationPaymentConfig>>(`${PAYMENTS}/organizations/get-by-organization`, {
          query: { organizationId },
          signal,
        }),
        locationId
          ? apiRequest<Envelope<LocationPaymentConfig>>(`${PAYMENTS}/locations/get-by-location`, {
              query: { organizationId, locationId },
              signal,
            })
          : Promise.resolve(null),
        apiRequest<Envelope<EntityPaymentConfig>>(`${PAYMENTS}/entityconfigurations/entity`, {
          query: { organizationId, entityType: entityType.toLowerCase(), entityId },
          signal,
        }),
      ]);
      return {
        OrganizationPaymentConfig: organization.data,
        LocationPaymentConfig: location?.data ?? null,
        UserPaymentConfig: { VisitFeeDetails: entity.data.VisitFeeDetails },
      };
    },
    staleTime: 60_000,
  });

/** The card-payment guard's call (2.2): the patient's saved payment methods ({status_code, data.data}). */
export const savedCardsQuery = (patientId: string) =>
  queryOptions({
    queryKey: ['payment-methods', patientId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<Envelope<{ data: PaymentMethod[] }>>(
          `${PAYMENTS}/v1/stripepayment/customers/payment-methods`,
          { query: { patientId }, signal },
        )
      ).data.data,
    staleTime: 0,
    retry: false,
  });

export async function saveCard(input: PaymentMethodInput): Promise<PaymentMethod> {
  return (
    await apiRequest<Envelope<PaymentMethod>>(`${PAYMENTS}/v1/stripepayment/customers/payment-methods`, {
      method: 'POST',
      body: input,
    })
  ).data;
}

/** The wallet (PayPal, decision 0024): an order for the visit fee; ApproveUrl null means the in-app approval step. */
export async function createWalletOrder(input: WalletOrderInput, amount: number): Promise<WalletOrder> {
  return (
    await apiRequest<Envelope<WalletOrder>>(`${PAYMENTS}/v1/paypalpayment/orders`, {
      method: 'POST',
      query: { amount },
      body: input,
    })
  ).data;
}

/** The built-in wallet's approval step: the payer approves or declines the order. */
export async function answerWalletOrder(
  transactionId: string,
  approve: boolean,
): Promise<PaymentTransaction> {
  return (
    await apiRequest<Envelope<PaymentTransaction>>(
      `${PAYMENTS}/v1/paypalpayment/sandbox/orders/${encodeURIComponent(transactionId)}/approval`,
      {
        method: 'POST',
        body: { Approve: approve },
      },
    )
  ).data;
}

/** Authorizes the approved order: the fee is held now and captured once the booking commits. */
export async function authorizeWalletOrder(transactionId: string): Promise<PaymentTransaction> {
  return (
    await apiRequest<Envelope<PaymentTransaction>>(
      `${PAYMENTS}/v1/paypalpayment/orders/${encodeURIComponent(transactionId)}/authorize`,
      { method: 'POST' },
    )
  ).data;
}

/** Starts the practice's hosted card field (decision 0077): Fortis Elements' client token or a GP access token. */
export async function startCardField(
  gateway: 'fortis' | 'globalpay',
  input: CardFieldSessionInput,
): Promise<CardFieldSession> {
  const path = gateway === 'fortis' ? 'v1/fortispayment/elements/intention' : 'v1/globalpayment/access-token';
  return (
    await apiRequest<Envelope<CardFieldSession>>(`${PAYMENTS}/${path}`, { method: 'POST', body: input })
  ).data;
}
