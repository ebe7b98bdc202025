import { describe, expect, it } from 'vitest';
import { onboardingRequestSchema } from '@careslot/contracts';
import { emptyForm, serverErrors, stepOfField, toRequest, validateStep, type WizardForm } from './form';

const filled = (): WizardForm => ({
  ...emptyForm(),
  organization: {
    name: 'Lakeshore Family Care',
    phone: '(312) 555-0140',
    email: 'office@lakeshore.example',
    website: '',
  },
  location: {
    name: 'Main Office',
    address1: '200 Lake Shore Drive',
    address2: '',
    city: 'Chicago',
    state: 'IL',
    zipCode: '60601',
    timeZone: 'America/Chicago',
    phone: '(312) 555-0141',
  },
  provider: {
    prefix: 'Dr.',
    firstName: 'Nadia',
    lastName: "O'Marlow",
    suffix: '',
    npi: '1234567893',
    specialtyId: '6f1c4a0e-1d2b-4c3d-8e9f-0a1b2c3d4e5f',
    email: 'nadia@lakeshore.example',
  },
});

describe('the onboarding wizard form', () => {
  it('names each empty required field of a step', () => {
    expect(validateStep('organization', emptyForm())).toEqual({
      'organization.name': 'errors.required',
      'organization.phone': 'errors.required',
      'organization.email': 'errors.required',
    });
  });

  it('checks the spec patterns: names, zip, NPI check digit, hours and reasons', () => {
    const form = filled();
    for (const step of ['organization', 'location', 'provider', 'schedule', 'payment'] as const)
      expect(validateStep(step, form)).toEqual({});
    expect(
      validateStep('provider', {
        ...form,
        provider: { ...form.provider, npi: '1234567890', firstName: 'N4dia' },
      }),
    ).toEqual({
      'provider.firstName': 'errors.name',
      'provider.npi': 'errors.npiCheck',
    });
    expect(
      validateStep('location', { ...form, location: { ...form.location, zipCode: '6060', state: '' } }),
    ).toMatchObject({ 'location.zipCode': 'errors.zip', 'location.state': 'errors.state' });
    const schedule = {
      ...form.schedule,
      end: '08:00',
      reasons: [
        { name: 'Visit', duration: '3', visitType: 'Office' as const },
        { name: 'visit', duration: '30', visitType: 'Office' as const },
      ],
    };
    expect(validateStep('schedule', { ...form, schedule })).toEqual({
      'schedule.end': 'errors.endAfterStart',
      'schedule.reasons.0.duration': 'errors.duration',
      'schedule.reasons.1.name': 'errors.uniqueReason',
    });
    expect(validateStep('payment', { ...form, payment: { enabled: true, gateway: '' } })).toEqual({
      'payment.gateway': 'errors.gateway',
    });
  });

  it('turns a valid form into a request the server contract accepts, and maps server fields to steps', () => {
    const request = toRequest(filled());
    expect(onboardingRequestSchema.safeParse(request).success).toBe(true);
    expect(request.Schedule.Hours).toHaveLength(5);
    expect(request.Payment).toEqual({ EnableOnlinePayment: false, GatewayName: null });
    expect(stepOfField('body.Provider.Npi')).toBe('provider');
    expect(stepOfField('Schedule.Hours.1')).toBe('schedule');
    expect(stepOfField('Something')).toBe('review');
  });

  it("shows a server error at the wizard's field, with its rule's message", () => {
    expect(
      serverErrors([
        { field: 'Provider.Npi', rule: 'unique' },
        { field: 'Provider.Email', rule: 'unique' },
        { field: 'Provider.SpecialtyId', rule: 'unknown' },
        { field: 'Location.State', rule: 'matches_zip' },
        { field: 'Location.ZipCode', rule: 'unknown_zip' },
        { field: 'Schedule.Hours.1.Start', rule: 'overlap' },
        { field: 'Schedule.Reasons.1.Name', rule: 'unique' },
        { field: 'Payment.GatewayName', rule: 'required' },
        { field: 'Schedule.SlotMinutes', rule: 'fits_hours' },
        { field: 'body.Provider.FirstName', rule: 'invalid_format' },
      ]),
    ).toEqual({
      'provider.npi': 'errors.taken',
      'provider.email': 'errors.taken',
      'provider.specialtyId': 'errors.unknown',
      'location.state': 'errors.zipState',
      'location.zipCode': 'errors.unknownZip',
      'schedule.end': 'errors.endAfterStart',
      'schedule.reasons.1.name': 'errors.uniqueReason',
      'payment.gateway': 'errors.gateway',
      'schedule.slotMinutes': 'errors.slotFits',
      'provider.firstName': 'errors.invalid',
    });
  });
});
