import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Location } from '@careslot/contracts';
import {
  isInsured,
  isWalletGateway,
  nextBookingStage,
  routeForStage,
  verificationRegion,
  visitPaymentApplies,
  type BookingFlowContext,
  type BookingStage,
} from '@careslot/domain';
import { apiRequest } from '../../shared/api/client';
import { useSession } from '../../shared/session/session';
import {
  useCoverages,
  usePatient,
  useScheduleSettings,
  useScreeningForms,
  useVisitPaymentConfig,
} from './api/bookingFlow';
import { useSchedule } from './api/schedule';
import {
  readBookingState,
  readHeldSlot,
  updateBookingState,
  type BookAppointmentState,
} from './bookingState';
import { participantOf, readPaymentFlowState } from './payment/flowState';
import { useSubmitBooking } from './submit';

function useLocationRecord(id: string | null) {
  return useQuery({
    queryKey: ['location', id],
    queryFn: ({ signal }) =>
      apiRequest<Location>(`/careslot-administration/api/v2/location/${encodeURIComponent(id!)}`, { signal }),
    enabled: !!id,
    staleTime: 5 * 60_000,
  });
}

/** The mobile number on a patient record and whether a code confirmed it. */
export function mobileOf(
  patient: { Telecom: { System: string; Value: string; IsVerified: boolean }[] } | undefined,
) {
  const mobile =
    patient?.Telecom.find((t) => t.System === 'Mobile') ?? patient?.Telecom.find((t) => t.System === 'Phone');
  return { value: mobile?.Value ?? '', verified: mobile?.System === 'Mobile' ? mobile.IsVerified : false };
}

/**
 * Everything the booking screens share: the held slot, the signed-in patient and who the booking is for, the
 * schedule's settings, coverages, screening forms and payment configuration, and `advance`, which moves on by
 * the stage machine's rules (4.2) and records the stage in the book-appointment state (3.10).
 */
export function useBookingFlow() {
  const navigate = useNavigate();
  const { user } = useSession();
  // The last stage (BOOK_APPOINTMENT) is the booking call itself, step 9, built by the submission hook.
  const booking = useSubmitBooking();
  const [held] = useState(() => readHeldSlot());
  const calendarId = held?.calendarId ?? null;
  const schedule = useSchedule(calendarId);
  const settings = useScheduleSettings(calendarId);
  const location = useLocationRecord(schedule.data?.LocationId ?? held?.facilityId ?? null);
  const holderId = user?.userId ?? null;
  const state = readBookingState();
  const patientId = state?.selectedFamilyMember?.Id ?? holderId;
  const holder = usePatient(holderId);
  const patient = usePatient(patientId);
  const coverages = useCoverages(patientId);
  const screeningQuery =
    schedule.data && (schedule.data.LocationId || held?.facilityId)
      ? {
          LocationId: schedule.data.LocationId ?? held?.facilityId ?? null,
          ProviderId: schedule.data.PractitionerId,
          ReasonId: held?.selectedReason ?? null,
          WorkFlow: held?.workflow ?? null,
          InsuranceIds: [],
          ProviderSpecialityList: held?.entity.Speciality ? [held.entity.Speciality] : [],
        }
      : null;
  const screeningForms = useScreeningForms(screeningQuery);
  const payment = useVisitPaymentConfig(
    location.data
      ? {
          organizationId: location.data.OrganizationId,
          locationId: location.data.Id,
          providerId: schedule.data?.PractitionerId ?? null,
        }
      : null,
  );

  const context = useCallback(
    (
      current: BookAppointmentState | null,
      overrides: Partial<BookingFlowContext> = {},
    ): BookingFlowContext => {
      const primary = coverages.data?.find((c) => c.Priority === 'Primary');
      const insuranceName =
        current?.insurance !== undefined
          ? (current.insurance?.Insurance.Display ?? null)
          : (primary?.Name ?? null);
      return {
        hasScreeningForms: (screeningForms.data?.length ?? 0) > 0,
        phoneVerified:
          current?.mobileVerificationWorkflow?.verified === true || mobileOf(holder.data).verified,
        collectPatientDemographics: settings.data?.CollectPatientDemographics ?? false,
        enableInsurance: settings.data?.EnableInsurance ?? false,
        insuranceName,
        visitPaymentApplies: visitPaymentApplies(payment.data, isInsured(insuranceName)),
        walletPayment: isWalletGateway(payment.data),
        ...overrides,
      };
    },
    [coverages.data, screeningForms.data, holder.data, settings.data, payment.data],
  );

  /** Moves on from a completed stage; answers the next stage (BOOK_APPOINTMENT when nothing else applies). */
  const advance = useCallback(
    (
      completed: BookingStage,
      change: Partial<BookAppointmentState> = {},
      overrides: Partial<BookingFlowContext> = {},
    ): BookingStage => {
      const saved = updateBookingState(change);
      const next = nextBookingStage(completed, context(saved, overrides));
      updateBookingState({ currentStage: next });
      const route = routeForStage(next);
      if (route) void navigate(route);
      else if (next === 'BOOK_APPOINTMENT' && held && user) {
        // No fee to take (a fee would have meant the pay stage): book now with what the stages kept.
        const kept = readPaymentFlowState();
        void booking.submit({
          slot: held,
          patient: participantOf(user, kept),
          reasons: kept.reason ? [{ Id: null, Name: kept.reason }] : [],
          customForms: kept.customForms,
          coverages: kept.insurance ? [kept.insurance] : [],
          payment: null,
          originUrl: kept.originUrl,
          bookedByPatient: user.userType === 'Patient' || user.roles.includes('patient'),
        });
      }
      return next;
    },
    [context, navigate, held, user, booking],
  );

  const ready =
    !!held &&
    !schedule.isLoading &&
    !settings.isLoading &&
    !holder.isLoading &&
    !coverages.isLoading &&
    !screeningForms.isLoading &&
    !payment.isLoading;

  return {
    user,
    held,
    state,
    patientId,
    schedule,
    settings,
    location,
    holder,
    patient,
    coverages,
    screeningForms,
    payment,
    context,
    advance,
    ready,
    /** The booking call is running (the last stage's Continue shows it). */
    submitting: booking.submitting,
    /** The reschedule dialog of 4.7 when the held slot was lost: each screen renders it. */
    dialogs: booking.dialogs,
    region: verificationRegion(settings.data?.supported_regions),
    timeZone: schedule.data?.TimeZone ?? null,
  };
}

export type BookingFlow = ReturnType<typeof useBookingFlow>;
