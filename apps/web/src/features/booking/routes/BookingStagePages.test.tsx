import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute, setupI18n } from '../../../testing/render';
import {
  coverage,
  FORM_ID,
  HOLDER_ID,
  holdTestSlot,
  PLAN_ID,
  screeningForm,
  signInTestPatient,
  stubBookingApi,
} from '../bookingTestApi';
import { CollectInsurancePage } from './CollectInsurancePage';
import { DemographicsPage } from './DemographicsPage';
import { InsuranceConfirmationPage } from './InsuranceConfirmationPage';
import { PhoneVerifyPage } from './PhoneVerifyPage';
import { ScreeningFormPage } from './ScreeningFormPage';

const state = () =>
  JSON.parse(sessionStorage.getItem('book_appointment_state') ?? '{}') as Record<string, unknown>;
const OTP_ID = '0b6a3c1e-1111-4a2b-8c3d-00000000aaaa';

beforeAll(async () => {
  await setupI18n(['common', 'booking', 'bookingFlow']);
});
beforeEach(() => {
  sessionStorage.clear();
  signInTestPatient();
  holdTestSlot();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the screening form screen', () => {
  it('asks the practice screening form, explains what is missing, saves the answers and moves on to the booking form', async () => {
    const { calls } = stubBookingApi({ forms: [screeningForm] }, [
      (url) =>
        url.pathname.endsWith('/WebPreBookingResponse')
          ? {
              body: {
                status_code: 200,
                message: 'success',
                data: {
                  Id: 'a9b8c7d6-1111-4a2b-8c3d-000000000001',
                  CustomFormId: FORM_ID,
                  PatientId: HOLDER_ID,
                  CustomFormResponse: {},
                  CreatedOn: '',
                },
              },
            }
          : undefined,
    ]);
    renderRoute(<ScreeningFormPage />, { path: '/screening-form' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Screening questions' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please answer the 2 questions marked below.');
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    // The fever question is answered and the date question appears: still two to answer.
    expect(screen.getByRole('alert')).toHaveTextContent('Please answer the 2 questions marked below.');
    expect(screen.getByLabelText(/When did it start\?/)).toHaveAccessibleDescription(
      expect.stringContaining('This question needs an answer.'),
    );
    await userEvent.type(screen.getByLabelText(/When did it start\?/), '2026-11-20');
    await userEvent.type(screen.getByRole('textbox', { name: /Type your full name/ }), 'Jordan Ellis');
    // What was typed is kept for a reload (3.10).
    expect(state()).toMatchObject({
      screening: {
        answers: { [FORM_ID]: { fever: true, since: '2026-11-20', sign: 'Jordan Ellis' } },
        done: false,
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/book/book-appointment-form');
    expect(calls.find((c) => c.path.endsWith('/WebPreBookingResponse'))?.body).toEqual({
      CustomFormId: FORM_ID,
      CustomFormResponse: { fever: true, since: '2026-11-20', sign: 'Jordan Ellis' },
      PatientId: HOLDER_ID,
    });
    expect(state()).toMatchObject({
      currentStage: 'BOOKING_FORM',
      screening: { done: true, responseIds: ['a9b8c7d6-1111-4a2b-8c3d-000000000001'] },
    });
  });
});

describe('the phone verification screen', () => {
  const otp = (verified = false) => ({
    status_code: 200,
    message: 'ok',
    data: {
      Id: OTP_ID,
      PatientId: HOLDER_ID,
      PhoneNumber: 'xxxxxxxx0140',
      Region: 'US',
      ExpiresAt: '',
      IsVerified: verified,
    },
  });

  it('checks the number, sends a code, says a wrong code is invalid, and moves on after the right one', async () => {
    const { calls } = stubBookingApi({}, [
      (url) => (url.pathname.endsWith('/otp-request/generate') ? { body: otp() } : undefined),
      (url) =>
        url.pathname.endsWith(`/otp-request/${OTP_ID}/verify`)
          ? url.searchParams.get('otp') === '123456'
            ? { body: otp(true) }
            : {
                status: 400,
                body: {
                  status_code: 400,
                  message: 'You entered an invalid otp code',
                  data: null,
                  errors: [
                    {
                      field: 'querystring.otp',
                      rule: 'INVALID_OTP',
                      message: 'You entered an invalid otp code',
                    },
                  ],
                },
              }
          : undefined,
    ]);
    renderRoute(<PhoneVerifyPage />, { path: '/verification/phone-verify' });
    const phone = await screen.findByRole('textbox', { name: /Mobile number/ });
    await vi.waitFor(() => expect(phone).toHaveValue('(212) 555-0140'));
    await userEvent.clear(phone);
    await userEvent.type(phone, '555-01');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(phone).toHaveAccessibleDescription(expect.stringContaining('Enter a 10-digit mobile number.'));
    await userEvent.clear(phone);
    await userEvent.type(phone, '(212) 555-0140');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a code to xxxxxxxx0140.');
    expect(calls.find((c) => c.path.endsWith('/otp-request/generate'))?.body).toEqual({
      PhoneNumber: '(212) 555-0140',
      Region: 'US',
    });
    expect(state()).toMatchObject({ mobileVerificationWorkflow: { requestId: OTP_ID, verified: false } });

    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the code we sent you.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Digit 1' }), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You entered an invalid otp code');
    for (let i = 0; i < 6; i += 1)
      await userEvent.clear(screen.getByRole('textbox', { name: `Digit ${i + 1}` }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Digit 1' }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/book/collect-patient-demographics');
    expect(state()).toMatchObject({
      currentStage: 'PATIENT_DEMOGRAPHICS',
      mobileVerificationWorkflow: { verified: true },
    });
  });
});

describe('the demographics screen', () => {
  it('starts from the record on file, names each invalid field, saves with PUT and moves on to insurance confirmation for an insured patient', async () => {
    const { calls } = stubBookingApi({ coverages: [coverage()] }, [
      (url, init) =>
        url.pathname.endsWith(`/patient/${HOLDER_ID}`) && init?.method === 'PUT'
          ? { body: { status_code: 200, message: 'Patient updated successfully.', data: {} } }
          : undefined,
    ]);
    renderRoute(<DemographicsPage />, { path: '/book/collect-patient-demographics' });
    const dob = await screen.findByRole('textbox', { name: /Date of birth/ });
    await vi.waitFor(() => expect(dob).toHaveValue('5/1/1990'));
    await userEvent.clear(dob);
    await userEvent.type(dob, '2/30/1990');
    const zip = screen.getByRole('textbox', { name: /ZIP code/ });
    await userEvent.clear(zip);
    await userEvent.type(zip, '1001');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the 2 fields marked below.');
    expect(dob).toHaveAccessibleDescription(expect.stringContaining('Enter a real date as MM/DD/YYYY.'));
    expect(zip).toHaveAccessibleDescription(expect.stringContaining('Enter a ZIP code of 5 or 9 digits.'));
    expect(state()).toMatchObject({ patientDemographicsInfo: { dob: '2/30/1990', zip: '1001' } });
    await userEvent.clear(dob);
    await userEvent.type(dob, '2/28/1990');
    await userEvent.clear(zip);
    await userEvent.type(zip, '100141234');
    expect(zip).toHaveValue('10014-1234');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/book/insurance-confirmation');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.query.get('workflow')).toBe('Online_Booking_Web');
    expect(put.body).toEqual({
      FirstName: 'Jordan',
      LastName: 'Ellis',
      BirthDate: '1990-02-28',
      Gender: 'Female',
      Email: 'patient@example.com',
      Mobile: '(212) 555-0140',
      Address: {
        Address1: '12 Grove Street',
        Address2: [],
        City: 'New York',
        State: 'NY',
        ZipCode: '10014-1234',
      },
    });
  });
});

describe('the insurance screens', () => {
  it('shows the insurance on file and goes on to collect insurance either way', async () => {
    stubBookingApi({ coverages: [coverage()] });
    renderRoute(<InsuranceConfirmationPage />, { path: '/book/insurance-confirmation' });
    const card = await screen.findByTestId('insurance-on-file');
    expect(card).toHaveTextContent('Aetna Choice POS II');
    expect(card).toHaveTextContent('AET-1234');
    await userEvent.click(screen.getByRole('button', { name: 'Yes, this is correct' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/book/collect-insurance');
    expect(state()).toMatchObject({
      insuranceConfirmed: true,
      insurance: { Insurance: { Display: 'Aetna Choice POS II' }, SubscriberId: 'AET-1234' },
    });
  });

  it('searches the provider insurances by name prefix, offers the self-pay choices, and asks for the member id', async () => {
    stubBookingApi();
    renderRoute(<CollectInsurancePage />, { path: '/book/collect-insurance' });
    const search = await screen.findByRole('textbox', { name: /Search Insurance/ });
    const list = screen.getByRole('listbox', { name: 'Search Insurance' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Aetna Choice POS II',
      'Blue Cross PPO',
      'Cigna Open Access Plus',
      'Self paying',
      'Skip insurance',
    ]);
    await userEvent.type(search, 'bl');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Blue Cross PPO', 'Self paying', 'Skip insurance']);
    await userEvent.clear(search);
    await userEvent.type(search, 'cross');
    expect(screen.getByRole('status')).toHaveTextContent('No Result Found. Try a different search.');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(search).toHaveAccessibleDescription(
      expect.stringContaining('Choose an insurance or one of the other options.'),
    );
    await userEvent.clear(search);
    await userEvent.click(within(list).getByRole('option', { name: 'Aetna Choice POS II' }));
    expect(screen.getByTestId('insurance-choice')).toHaveTextContent('Aetna Choice POS II');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('textbox', { name: /Member ID/ })).toHaveAccessibleDescription(
      expect.stringContaining('Enter the member ID.'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Select insurance' }));
    expect(screen.getByRole('textbox', { name: /Search Insurance/ })).toBeInTheDocument();
  });

  it('saves a new primary coverage with its card picture, then moves on to the visit fee when one applies', async () => {
    const created = coverage({
      Id: '0b6a3c1e-1111-4a2b-8c3d-0000000000bb',
      Name: 'Cigna Open Access Plus',
      PolicyNumber: 'CIG-777',
    });
    const { calls } = stubBookingApi({ visitFee: true }, [
      (url, init) =>
        url.pathname.endsWith('/web/patient-coverage') && init?.method === 'POST'
          ? { body: { status_code: 200, message: 'success', data: created } }
          : undefined,
      (url) =>
        url.pathname.endsWith('/card-pictures')
          ? { body: { status_code: 200, message: 'success', data: created } }
          : undefined,
    ]);
    const { container } = renderRoute(<CollectInsurancePage />, { path: '/book/collect-insurance' });
    await userEvent.click(await screen.findByRole('option', { name: 'Cigna Open Access Plus' }));
    // Mantine's file inputs: a labelled button over a hidden input[type=file], front first.
    const fileInputs = () => [
      ...container.ownerDocument.querySelectorAll<HTMLInputElement>('input[type=file]'),
    ];
    await userEvent.type(screen.getByRole('textbox', { name: /Member ID/ }), 'CIG-777');
    const front = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'front.jpg', { type: 'image/jpeg' });
    expect(screen.getByRole('button', { name: /Front of the card/ })).toBeInTheDocument();
    await userEvent.upload(fileInputs()[0]!, front);
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'back.png', { type: 'image/png' });
    await userEvent.upload(fileInputs()[1]!, huge);
    expect(screen.getByText('The picture is larger than 5 MB.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/book/pay');
    expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/web/patient-coverage'))?.body).toEqual({
      PatientId: HOLDER_ID,
      InsurancePlanId: '0b6a3c1e-1111-4a2b-8c3d-0000000000f3',
      Insurance: { Display: 'Cigna Open Access Plus' },
      SubscriberId: 'CIG-777',
      Relationship: 'Self',
      Subscriber: null,
      Priority: 'Primary',
      Status: 'Active',
    });
    const picture = calls.find((c) => c.path.endsWith('/card-pictures'))!;
    expect(picture.query.get('side')).toBe('Front');
    expect(picture.body).toEqual({ Name: 'front.jpg', ContentType: 'image/jpeg', Data: '/9j/4A==' });
    expect(calls.filter((c) => c.path.endsWith('/card-pictures'))).toHaveLength(1);
    expect(state()).toMatchObject({
      currentStage: 'PAYMENT',
      insurance: {
        Insurance: { Display: 'Cigna Open Access Plus' },
        SubscriberId: 'CIG-777',
        CoverageId: created.Id,
      },
    });
  });

  it("keeps an unchanged coverage as it is (not 'updated', 5.3) and takes 'Self paying' without a member id", async () => {
    const { calls } = stubBookingApi({ coverages: [coverage()] });
    renderRoute(<CollectInsurancePage />, { path: '/book/collect-insurance' });
    expect(await screen.findByTestId('insurance-choice')).toHaveTextContent('Aetna Choice POS II');
    expect(screen.getByRole('textbox', { name: /Member ID/ })).toHaveValue('AET-1234');
    await userEvent.click(screen.getByRole('button', { name: 'Select insurance' }));
    await userEvent.click(screen.getByRole('option', { name: 'Self paying' }));
    expect(screen.queryByRole('textbox', { name: /Member ID/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() =>
      expect(state()).toMatchObject({
        currentStage: 'BOOK_APPOINTMENT',
        insurance: { Insurance: { Display: 'Self paying' }, SubscriberId: null },
      }),
    );
    expect(
      calls.some(
        (c) => c.method !== 'GET' && c.path.includes('coverage') && !c.path.endsWith('advance-search'),
      ),
    ).toBe(false);
    expect(PLAN_ID).toBeTruthy();
  });
});
