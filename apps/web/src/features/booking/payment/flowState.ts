import type { BookAppointment } from '@careslot/contracts';
import type { SessionUser } from '../../../shared/session/session';
import { readBookingState } from '../bookingState';

/** What the last stage reads from the book-appointment state (3.10) the earlier stages kept. */
export interface PaymentFlowState {
  reason: string;
  /** The chosen insurance (§3.7 booking insurance selection), when one was chosen. */
  insurance: BookAppointment['PatientCoverages'][number] | null;
  /** The family member the visit is for (3.10 selectedFamilyMember), else null for the patient themself. */
  familyMember: { Id: string; FirstName: string; LastName: string } | null;
  /** The screening responses saved before booking (WebPreBookingResponse ids). */
  customForms: BookAppointment['CustomForms'];
  originUrl: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function readPaymentFlowState(): PaymentFlowState {
  const state = readBookingState();
  const insurance = state?.insurance ?? null;
  const member = state?.selectedFamilyMember ?? null;
  const [first = '', ...rest] = (member?.Name ?? '').trim().split(/\s+/);
  return {
    reason: state?.appointmentInfo.Reason.trim() ?? '',
    insurance: insurance
      ? {
          Insurance: { Display: insurance.Insurance.Display },
          SubscriberId: insurance.SubscriberId,
          ...(insurance.CoverageId && UUID.test(insurance.CoverageId)
            ? { CoverageId: insurance.CoverageId }
            : {}),
        }
      : null,
    familyMember: member ? { Id: member.Id, FirstName: first, LastName: rest.join(' ') } : null,
    customForms: (state?.screening?.responseIds ?? []).map((id) => ({
      Type: 'Screening Form',
      WebPreBookingResponseId: id,
    })),
    originUrl: null,
  };
}

/** The Patient participant: the chosen family member (3.10), else the signed-in patient. */
export function participantOf(user: SessionUser, flow: PaymentFlowState) {
  return flow.familyMember ?? { Id: user.userId ?? '', FirstName: user.firstName, LastName: user.lastName };
}
