import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BOOKING_FLOW,
  BOOKING_STAGES,
  type BookingFlowContext,
  bookAppointmentAction,
  bookingPath,
  firstBookingStage,
  isInsured,
  nextBookingStage,
  routeForStage,
  stageForPath,
  verificationRegion,
} from './booking-stages';

const base: BookingFlowContext = {
  hasScreeningForms: true,
  phoneVerified: false,
  collectPatientDemographics: true,
  enableInsurance: true,
  insuranceName: 'Aetna',
  visitPaymentApplies: true,
};

const contexts = fc.record({
  hasScreeningForms: fc.boolean(),
  phoneVerified: fc.boolean(),
  collectPatientDemographics: fc.boolean(),
  enableInsurance: fc.boolean(),
  insuranceName: fc.oneof(
    fc.constant(null),
    fc.constantFrom('Aetna', 'Self Pay', 'Skip insurance', "I don't have insurance", ''),
    fc.string(),
  ),
  visitPaymentApplies: fc.boolean(),
});

describe('booking stages', () => {
  it('walks every stage that applies, in the order of the advance rules', () => {
    expect(bookingPath(base)).toEqual([
      'SCREENING_FORM',
      'BOOKING_FORM',
      'SMS_VERIFICATION',
      'PATIENT_DEMOGRAPHICS',
      'INSURANCE_CONFIRMATION',
      'INSURANCE',
      'PAYMENT',
      'BOOK_APPOINTMENT',
    ]);
  });

  it('starts on the screening form when forms are associated, else on the booking form', () => {
    expect(firstBookingStage(base)).toBe('SCREENING_FORM');
    expect(firstBookingStage({ ...base, hasScreeningForms: false })).toBe('BOOKING_FORM');
  });

  it('goes from the booking form to phone verification only when the phone is not verified', () => {
    expect(nextBookingStage('BOOKING_FORM', base)).toBe('SMS_VERIFICATION');
    expect(nextBookingStage('BOOKING_FORM', { ...base, phoneVerified: true })).toBe('PATIENT_DEMOGRAPHICS');
  });

  it('skips demographics unless the schedule collects them', () => {
    expect(nextBookingStage('SMS_VERIFICATION', { ...base, collectPatientDemographics: false })).toBe(
      'INSURANCE_CONFIRMATION',
    );
  });

  it('asks to confirm insurance only for an insured patient, and collects insurance whenever insurance is enabled', () => {
    expect(nextBookingStage('PATIENT_DEMOGRAPHICS', { ...base, insuranceName: 'Self Pay' })).toBe(
      'INSURANCE',
    );
    expect(nextBookingStage('PATIENT_DEMOGRAPHICS', base)).toBe('INSURANCE_CONFIRMATION');
    expect(nextBookingStage('INSURANCE_CONFIRMATION', base)).toBe('INSURANCE');
    expect(nextBookingStage('PATIENT_DEMOGRAPHICS', { ...base, enableInsurance: false })).toBe('PAYMENT');
  });

  it('never stops on the card-on-file stage, and stops on the wallet stage only for a practice paid through the wallet', () => {
    expect(nextBookingStage('INSURANCE', base)).toBe('PAYMENT');
    expect(nextBookingStage('ADD_CARD', base)).toBe('PAYMENT');
    expect(nextBookingStage('PAY_PAL', { ...base, visitPaymentApplies: false })).toBe('BOOK_APPOINTMENT');
    // Decision 0024: a practice configured for PayPal takes the fee on /book/pay-paypal instead of /book/pay.
    expect(nextBookingStage('INSURANCE', { ...base, walletPayment: true })).toBe('PAY_PAL');
    expect(routeForStage('PAY_PAL')).toBe('/book/pay-paypal');
    expect(bookingPath({ ...base, walletPayment: true })).not.toContain('PAYMENT');
    expect(nextBookingStage('INSURANCE', { ...base, walletPayment: true, visitPaymentApplies: false })).toBe(
      'BOOK_APPOINTMENT',
    );
  });

  it('always ends on BOOK_APPOINTMENT and moves strictly forward (property)', () => {
    fc.assert(
      fc.property(contexts, fc.constantFrom(...BOOKING_STAGES), (ctx, stage) => {
        const next = nextBookingStage(stage, ctx);
        if (stage === 'BOOK_APPOINTMENT') expect(next).toBe('BOOK_APPOINTMENT');
        else expect(BOOKING_FLOW.indexOf(next)).toBeGreaterThan(BOOKING_FLOW.indexOf(stage));
        const path = bookingPath(ctx);
        expect(path.at(-1)).toBe('BOOK_APPOINTMENT');
        expect(path).toContain('BOOKING_FORM');
        for (const s of path) if (s !== 'BOOK_APPOINTMENT') expect(routeForStage(s)).not.toBeNull();
      }),
    );
  });

  it('following next from the first stage visits exactly the booking path (property)', () => {
    fc.assert(
      fc.property(contexts, (ctx) => {
        const visited = [firstBookingStage(ctx)];
        while (visited.at(-1) !== 'BOOK_APPOINTMENT') visited.push(nextBookingStage(visited.at(-1)!, ctx));
        expect(visited).toEqual(bookingPath(ctx));
      }),
    );
  });

  it('maps each route back to its stage, and any pay URL to the payment page', () => {
    for (const stage of BOOKING_FLOW) {
      const route = routeForStage(stage);
      if (route != null) expect(stageForPath(`${route}?x=1`)).toBe(stage);
    }
    expect(stageForPath('/book/pay-later')).toBe('PAYMENT');
    expect(stageForPath('/provider-search')).toBeNull();
  });

  it('verifies phones in the calendar region, US by default', () => {
    expect(verificationRegion(undefined)).toBe('US');
    expect(verificationRegion([])).toBe('US');
    expect(verificationRegion(['pk'])).toBe('PK');
    expect(verificationRegion(['GB', 'US'])).toBe('US');
  });

  it('books unless the slot is gone; refunds a paid fee, otherwise offers another slot', () => {
    expect(bookAppointmentAction('error', true)).toBe('book');
    expect(bookAppointmentAction('available', true)).toBe('book');
    expect(bookAppointmentAction('unavailable', true)).toBe('refund');
    expect(bookAppointmentAction('unavailable', false)).toBe('reschedule');
  });

  it('counts as insured only for a real plan name', () => {
    expect(isInsured('Blue Cross')).toBe(true);
    for (const name of [
      null,
      undefined,
      '',
      '  ',
      'Self',
      'Self paying',
      'Skip insurance',
      "I don't have insurance",
      'I don’t have insurance',
      "I'll choose my insurance later",
      "I can't find my insurance in the list",
    ]) {
      expect(isInsured(name)).toBe(false);
    }
  });
});
