import { useQuery } from '@tanstack/react-query';
import type { CalendarSlotData } from '@careslot/contracts';
import { effectiveGateway, isInsured, isWalletGateway, visitFee } from '@careslot/domain';
import { useSchedule } from '../api/schedule';
import { locationQuery, paymentConfigQuery } from './api';

export interface VisitFeeState {
  isLoading: boolean;
  isError: boolean;
  timeZone: string | null;
  organizationId: string | null;
  locationId: string | null;
  /** The entity whose VisitFeeDetails apply: the schedule's provider, or its resource (decision 0055). */
  entity: { type: 'provider' | 'healthcareservice'; id: string } | null;
  insured: boolean;
  /** The fee owed (>= the minimum visit fee of 1), or null when no visit payment applies (§5.3). */
  fee: number | null;
  /** The practice takes the fee through the wallet (PayPal, decision 0024), on /book/pay-paypal. */
  wallet: boolean;
  /** The practice's gateway for this visit (the location's when it names one), lower-cased; '' while unknown. */
  gatewayName: string;
}

/** The visit fee of the held slot: schedule → facility → the practice's three payment config levels. */
export function useVisitFee(
  held: CalendarSlotData | null,
  insuranceName: string | null | undefined,
): VisitFeeState {
  const schedule = useSchedule(held?.calendarId ?? null);
  const locationId = schedule.data?.LocationId ?? null;
  const location = useQuery({ ...locationQuery(locationId ?? ''), enabled: !!locationId });
  const organizationId = location.data?.OrganizationId ?? null;
  const practitionerId = schedule.data?.PractitionerId ?? null;
  const serviceId = schedule.data?.HealthcareServiceId ?? null;
  const entity = practitionerId
    ? { type: 'provider' as const, id: practitionerId }
    : serviceId
      ? { type: 'healthcareservice' as const, id: serviceId }
      : null;
  const config = useQuery({
    ...paymentConfigQuery(organizationId ?? '', locationId, entity?.type ?? 'provider', entity?.id ?? ''),
    enabled: !!organizationId && !!entity,
  });
  const insured = isInsured(insuranceName);
  const waiting =
    schedule.isPending ||
    (!!locationId && location.isPending) ||
    (!!organizationId && !!entity && config.isPending);
  return {
    isLoading: !!held && waiting,
    isError: schedule.isError || location.isError || config.isError,
    timeZone: schedule.data?.TimeZone ?? null,
    organizationId,
    locationId,
    entity,
    insured,
    fee: config.data ? visitFee(config.data, insured) : null,
    wallet: isWalletGateway(config.data),
    gatewayName: config.data ? effectiveGateway(config.data) : '',
  };
}
