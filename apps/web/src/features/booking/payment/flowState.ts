import type { BookAppointment } from '@careslot/contracts';
import { readBookingState } from '../bookingState';

/** What the payment stage reads from the book-appointment state (3.10) the earlier stages kept. */
export interface PaymentFlowState {
  reason: string;
  /** The chosen insurance (§3.7 booking insurance selection), when one was chosen. */
  insurance: { Insurance?: { Display: string }; SubscriberId?: string | null } | null;
  /** The family member the visit is for (3.10 selectedFamilyMember), else null for the patient themself. */
  familyMember: { Id: string; FirstName: string; LastName: string } | null;
  customForms: BookAppointment['CustomForms'];
  originUrl: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

export function readPaymentFlowState(): PaymentFlowState {
  const state: Record<string, unknown> = { ...(readBookingState() ?? {}) };
  const info = isRecord(state.appointmentInfo) ? state.appointmentInfo : {};
  const insurance = isRecord(state.insurance) ? state.insurance : null;
  const display = insurance && isRecord(insurance.Insurance) ? str(insurance.Insurance.Display) : null;
  const member = isRecord(state.selectedFamilyMember) ? state.selectedFamilyMember : null;
  const memberId = member ? str(member.Id) ?? str(member.PatientId) : null;
  return {
    reason: str(info.Reason) ?? '',
    insurance: display ? { Insurance: { Display: display }, SubscriberId: str(insurance?.SubscriberId) } : null,
    familyMember: member && memberId ? { Id: memberId, FirstName: str(member.FirstName) ?? '', LastName: str(member.LastName) ?? '' } : null,
    customForms: Array.isArray(state.customForms) ? state.customForms.filter(isRecord) : [],
    originUrl: str(state.originUrl),
  };
}
