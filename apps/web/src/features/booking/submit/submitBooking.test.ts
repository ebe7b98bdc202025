import { describe, expect, it, vi } from 'vitest';
import type { Appointment, CalendarSlotData, PaymentTransaction, SlotServiceType } from '@careslot/contracts';
import { ApiError } from '../../../shared/api/client';
import { bookingApi, type BookingApi } from './api';
import { watchAppointmentStatus, type StatusUpdate } from './statusWatch';
import { bookingBody, scheduleTypeOf, submitBooking, type BookingSubmission } from './submitBooking';

const PATIENT = '11111111-1111-4111-8111-111111111111';
const PROVIDER = '22222222-2222-4222-8222-222222222222';
const CALENDAR = '33333333-3333-4333-8333-333333333333';
const ORG = '44444444-4444-4444-8444-444444444444';
const APPT = '55555555-5555-4555-8555-555555555555';
const TXN = '66666666-6666-4666-8666-666666666666';

const slot: CalendarSlotData = {
  calendarId: CALENDAR,
  facilityId: null,
  time_slot: {
    ScheduleId: CALENDAR,
    Status: 'busy',
    Start: '2026-11-24T15:00:00.000Z',
    End: '2026-11-24T15:30:00.000Z',
    Capacity: 1,
    CapacityAvailable: 0,
    SlotIds: ['s1'],
  },
  entity: { Id: PROVIDER, Type: 'Practitioner', Name: 'Dr. Maya Okafor', Speciality: null, Photo: null },
  selectedReason: -1,
  actorLocationCalendars: [CALENDAR],
  workflow: 'PROVIDER_PROFILE',
  expiresAt: '2026-11-24T14:00:00.000Z',
};

const submission: BookingSubmission = {
  slot,
  patient: { Id: PATIENT, FirstName: 'Jordan', LastName: 'Ellis' },
  reasons: [{ Id: null, Name: 'Knee pain' }],
  coverages: [{ Insurance: { Display: 'Aetna' }, SubscriberId: 'A1' }],
};

const withFee: BookingSubmission = {
  ...submission,
  payment: {
    PaymentMethodId: 'pm_1',
    Amount: 25,
    OrganizationId: ORG,
    EntityType: 'provider',
    EntityId: PROVIDER,
    Insured: true,
  },
};

function appointment(status: string): Appointment {
  return {
    Id: APPT,
    Identifier: [],
    Reasons: [],
    ReasonsText: 'N/A',
    ServiceCategory: [],
    ServiceType: [],
    CustomForms: [],
    Consents: [],
    BookingSystem: { Type: 'Internal' },
    Payments: [],
    PatientCoverages: [],
    RelatedPaymentTransactions: [],
    Invoices: [],
    Participants: [{ Type: 'Patient', ParticipantId: PATIENT }],
    StartTime: slot.time_slot.Start,
    EndTime: slot.time_slot.End,
    CalendarId: CALENDAR,
    OrganizationId: ORG,
    LocationId: null,
    ScheduleType: 'Scheduled',
    AppointmentType: 'Office',
    Status: status as Appointment['Status'],
    CreatedBy: null,
    AuditTrail: {},
    VirtualServiceDetail: { MeetingId: null },
  };
}

const transaction = (status: PaymentTransaction['Status']): PaymentTransaction => ({
  Id: TXN,
  Status: status,
  PaidAmount: 25,
  Currency: 'usd',
  Gateway: 'sandbox',
  PatientId: PATIENT,
  OrganizationId: ORG,
  AppointmentId: null,
  Metadata: { TransactionReferenceId: 'ch_1' },
  CreatedOn: '2026-11-24T13:00:00.000Z',
});

function fakeApi(overrides: Partial<BookingApi> = {}) {
  const base = {
    validateReservedSlot: vi.fn<BookingApi['validateReservedSlot']>().mockResolvedValue(true),
    authorizeVisitFee: vi.fn<BookingApi['authorizeVisitFee']>().mockResolvedValue(transaction('Uncaptured')),
    book: vi
      .fn<BookingApi['book']>()
      .mockResolvedValue({ is_success: true, data: APPT, message: 'success', AppointmentType: 'Office' }),
    appointment: vi.fn<BookingApi['appointment']>().mockResolvedValue(appointment('Scheduled')),
    transaction: vi.fn<BookingApi['transaction']>().mockResolvedValue(transaction('Canceled')),
    refund: vi.fn<BookingApi['refund']>().mockResolvedValue(transaction('Refunded')),
    releaseSlot: vi.fn<BookingApi['releaseSlot']>().mockResolvedValue({ Released: 1 }),
  };
  return Object.assign<typeof base, Partial<BookingApi>>(base, overrides);
}

/** A status source the test pushes into, and a 6 s wait the test controls. */
function harness() {
  let push: ((u: StatusUpdate) => void) | null = null;
  let elapse: (() => void) | null = null;
  const waits: number[] = [];
  const watch = watchAppointmentStatus(
    (onUpdate) => {
      push = onUpdate;
      return () => (push = null);
    },
    (ms) => {
      waits.push(ms);
      return new Promise<void>((resolve) => (elapse = resolve));
    },
  );
  return { settle: watch.settle, push: (u: StatusUpdate) => push?.(u), elapse: () => elapse?.(), waits };
}

describe('submitting a booking (step 9, §4.5, §4.6, §8)', () => {
  it('validates the hold, authorizes the fee, books with BookingSystem, AuditTrail and the payment', async () => {
    const api = fakeApi();
    const outcome = await submitBooking(
      { api, settle: harness().settle, newKey: () => 'key-00000001' },
      withFee,
    );
    expect(api.validateReservedSlot).toHaveBeenCalledWith(['s1']);
    expect(api.authorizeVisitFee).toHaveBeenCalledWith(
      {
        PatientId: PATIENT,
        OrganizationId: ORG,
        EntityType: 'provider',
        EntityId: PROVIDER,
        Insured: true,
        PaymentMethodId: 'pm_1',
      },
      25,
    );
    const [body, key] = api.book.mock.calls[0]!;
    expect(key).toBe('key-00000001');
    expect(body).toMatchObject({
      CalendarId: CALENDAR,
      StartTime: '2026-11-24T15:00:00.000Z',
      AppointmentType: 'Office',
      Participants: [
        { Type: 'Patient', ParticipantId: PATIENT, FirstName: 'Jordan', LastName: 'Ellis' },
        { Type: 'Practitioner', ParticipantId: PROVIDER },
      ],
      Reasons: [{ Id: null, Name: 'Knee pain' }],
      PatientCoverages: [{ Insurance: { Display: 'Aetna' }, SubscriberId: 'A1' }],
      Payments: [{ PaymentTransactionId: TXN }],
      BookingSystem: { Type: 'Internal', Name: 'careslot_Web', Workflow: 'PROVIDER_PROFILE' },
      AuditTrail: { WorkflowOrServiceName: 'Online_Booking_Web' },
    });
    expect(outcome).toMatchObject({
      kind: 'booked',
      popup: 'confirmation',
      redirect: `/portal/health/appointments/office/details/${APPT}?showConfirmationMessage=true`,
    });
  });

  it("authorizes a hosted field's one-time token through its gateway's own call (Fortis, Global Payments)", async () => {
    for (const gateway of ['fortis', 'globalpay'] as const) {
      const api = fakeApi();
      const token =
        gateway === 'fortis' ? '31y7wzghkq2k3sgqc8ebxmcz' : 'PMT_6d4d8a1f-6a35-4d5d-b1f5-2d0d2f3a6b11';
      const outcome = await submitBooking(
        { api, settle: harness().settle, newKey: () => 'key-00000002' },
        { ...withFee, payment: { ...withFee.payment!, PaymentMethodId: token, Gateway: gateway } },
      );
      expect(api.authorizeVisitFee).toHaveBeenCalledWith(
        expect.objectContaining({ PaymentMethodId: token }),
        25,
        gateway,
      );
      expect(api.book.mock.calls[0]![0]).toMatchObject({ Payments: [{ PaymentTransactionId: TXN }] });
      expect(outcome.kind).toBe('booked');
    }
  });

  it("sends each authorization to its provider's call: saved cards to Stripe's, tokens to Fortis's or Global Payments'", async () => {
    const paths: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        paths.push(
          new URL(input instanceof Request ? input.url : String(input), 'http://localhost').pathname,
        );
        return Response.json({ status_code: 200, message: 'ok', data: transaction('Uncaptured') });
      }),
    );
    const intent = {
      PatientId: PATIENT,
      OrganizationId: ORG,
      EntityType: 'provider',
      EntityId: PROVIDER,
      Insured: false,
      PaymentMethodId: 'tok',
    };
    await bookingApi.authorizeVisitFee(intent, 80);
    await bookingApi.authorizeVisitFee(intent, 80, 'fortis');
    await bookingApi.authorizeVisitFee(intent, 80, 'globalpay');
    vi.unstubAllGlobals();
    expect(paths).toEqual([
      '/careslot-payment-service/api/v1/stripepayment/invoices/payment-intent',
      '/careslot-payment-service/api/v1/fortispayment/invoices/payment-intent',
      '/careslot-payment-service/api/v1/globalpayment/process-amount',
    ]);
  });

  it('books with a fee already authorized through the wallet (PayPal) without authorizing anything more', async () => {
    const api = fakeApi();
    const WALLET_TXN = '77777777-7777-4777-8777-777777777777';
    const outcome = await submitBooking(
      { api, settle: harness().settle },
      { ...submission, walletTransactionId: WALLET_TXN },
    );
    expect(api.authorizeVisitFee).not.toHaveBeenCalled();
    expect(api.book.mock.calls[0]![0].Payments).toEqual([{ PaymentTransactionId: WALLET_TXN }]);
    expect(outcome.kind).toBe('booked');
  });

  it('books anyway when validation errors, and sends a non-patient to /dashboard/doctor', async () => {
    const api = fakeApi({ validateReservedSlot: vi.fn().mockRejectedValue(new ApiError(500, 'boom')) });
    const outcome = await submitBooking(
      { api, settle: harness().settle },
      { ...submission, bookedByPatient: false },
    );
    expect(api.book).toHaveBeenCalledTimes(1);
    expect(outcome).toMatchObject({ kind: 'booked', redirect: '/dashboard/doctor' });
  });

  it('opens the reschedule dialog when the hold is gone, before any payment is taken', async () => {
    const api = fakeApi({ validateReservedSlot: vi.fn().mockResolvedValue(false) });
    expect(await submitBooking({ api, settle: harness().settle }, withFee)).toEqual({ kind: 'reschedule' });
    expect(api.authorizeVisitFee).not.toHaveBeenCalled();
    expect(api.book).not.toHaveBeenCalled();
  });

  it('stays on the pay page with the gateway text when the card is declined', async () => {
    const api = fakeApi({
      authorizeVisitFee: vi.fn().mockRejectedValue(new ApiError(400, 'Your card was declined.')),
    });
    expect(await submitBooking({ api, settle: harness().settle }, withFee)).toEqual({
      kind: 'payment-failed',
      message: 'Your card was declined.',
      code: 'declined',
    });
    expect(api.book).not.toHaveBeenCalled();
    // The held time stays while the patient tries another card; leaving the booking flow releases it.
    expect(api.releaseSlot).not.toHaveBeenCalled();
  });

  it('answers a duplicate with the 409 text, releases the hold and goes to the portal', async () => {
    const api = fakeApi({
      book: vi
        .fn()
        .mockRejectedValue(
          new ApiError(
            409,
            'Duplicate booking detected, the patient already has an appointment at this time, location, and entity',
          ),
        ),
    });
    expect(await submitBooking({ api, settle: harness().settle }, submission)).toEqual({
      kind: 'duplicate',
      message: 'Already booked at this time.',
      code: 'alreadyBooked',
      redirect: '/portal',
    });
    expect(api.releaseSlot).toHaveBeenCalledWith(['s1']);
  });

  it('retries a lost answer once with the same idempotency key', async () => {
    const book = vi
      .fn<BookingApi['book']>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce({ is_success: true, data: APPT, message: 'success', AppointmentType: 'Office' });
    const api = fakeApi({ book });
    const outcome = await submitBooking(
      { api, settle: harness().settle, newKey: () => 'same-key-1' },
      submission,
    );
    expect(book.mock.calls.map((c) => c[1])).toEqual(['same-key-1', 'same-key-1']);
    expect(outcome.kind).toBe('booked');
  });

  it('reschedules when the slot went during the booking and the authorization was cancelled', async () => {
    const api = fakeApi({
      book: vi
        .fn()
        .mockRejectedValue(
          new ApiError(409, 'Please choose a different time slot as this one is no longer available.'),
        ),
    });
    expect(await submitBooking({ api, settle: harness().settle }, withFee)).toEqual({ kind: 'reschedule' });
    expect(api.refund).not.toHaveBeenCalled();
  });

  it('refunds a captured payment whose booking failed, releases the slot and says so (§4.6)', async () => {
    const api = fakeApi({
      book: vi.fn().mockRejectedValue(new ApiError(500, 'x')),
      transaction: vi.fn().mockResolvedValue(transaction('Captured')),
    });
    const outcome = await submitBooking(
      { api, settle: harness().settle },
      { ...withFee, originUrl: '/book/pay' },
    );
    expect(api.refund).toHaveBeenCalledWith(TXN, 25);
    expect(api.releaseSlot).toHaveBeenCalledWith(['s1']);
    expect(outcome).toEqual({
      kind: 'failed',
      message: 'Unable to book appointment, but your refund has been processed. Please try again',
      code: 'refundProcessed',
      redirect: '/book/pay',
      refund: 'processed',
    });
  });

  it('says the refund failed when it did', async () => {
    const api = fakeApi({
      book: vi.fn().mockRejectedValue(new ApiError(500, 'x')),
      transaction: vi.fn().mockResolvedValue(transaction('Captured')),
      refund: vi.fn().mockRejectedValue(new ApiError(503, 'down')),
    });
    expect(await submitBooking({ api, settle: harness().settle }, withFee)).toMatchObject({
      message: 'Unable to book appointment and refund processing failed',
      refund: 'failed',
      redirect: '/portal',
    });
  });

  it('says Unable to book appointment. (with what to fix on a 400) when no payment was captured', async () => {
    const api = fakeApi({
      book: vi
        .fn()
        .mockRejectedValue(
          new ApiError(400, 'bad', [{ field: 'Reasons', rule: 'max', message: 'Too many reasons' }]),
        ),
    });
    expect(await submitBooking({ api, settle: harness().settle }, withFee)).toEqual({
      kind: 'failed',
      message: 'Unable to book appointment. Too many reasons',
      code: 'unableToBook',
      details: 'Too many reasons',
      redirect: '/portal',
      refund: null,
    });
    expect(api.refund).not.toHaveBeenCalled();
  });

  it('waits for the pushed status when the first read is not decisive, and polls once after 6 s when none comes', async () => {
    const pushed = harness();
    const api = fakeApi({
      appointment: vi
        .fn()
        .mockResolvedValueOnce(appointment('Booked'))
        .mockResolvedValue(appointment('Pending')),
    });
    const first = submitBooking({ api, settle: pushed.settle }, submission);
    await vi.waitFor(() => expect(pushed.waits).toEqual([6000]));
    pushed.push({ AppointmentId: APPT, Status: 'Pending' });
    expect(await first).toMatchObject({ kind: 'booked', popup: 'pending' });
    expect(api.appointment).toHaveBeenCalledTimes(1);

    const silent = harness();
    const api2 = fakeApi({
      appointment: vi
        .fn()
        .mockResolvedValueOnce(appointment('Booked'))
        .mockResolvedValue(appointment('Scheduled')),
    });
    const second = submitBooking({ api: api2, settle: silent.settle }, submission);
    await vi.waitFor(() => expect(silent.waits).toEqual([6000]));
    silent.elapse();
    expect(await second).toMatchObject({ kind: 'booked', popup: 'confirmation' });
    expect(api2.appointment).toHaveBeenCalledTimes(2);
  });

  it('treats Entered-In-Error as a failure: Unable to book appointment, back to the origin', async () => {
    const h = harness();
    const api = fakeApi({ appointment: vi.fn().mockResolvedValue(appointment('Booked')) });
    const run = submitBooking(
      { api, settle: h.settle },
      { ...submission, originUrl: '/book/collect-insurance' },
    );
    await vi.waitFor(() => expect(h.waits).toEqual([6000]));
    h.push({ AppointmentId: 'someone-else', Status: 'Scheduled' });
    h.push({ AppointmentId: APPT, Status: 'Entered-In-Error' });
    expect(await run).toEqual({
      kind: 'failed',
      message: 'Unable to book appointment',
      code: 'enteredInError',
      redirect: '/book/collect-insurance',
      refund: null,
    });
  });
});

describe('the visit kind and reason of the booking body (decision 0023)', () => {
  const WALK_IN = {
    Id: 'type-walk',
    Name: 'Walk-in Visit',
    Duration: 15,
    ServiceCategoryId: 'cat-1',
    VisitType: 'Walk-In' as const,
  };
  const OFFICE = {
    Id: 'type-office',
    Name: 'Follow-up Visit',
    Duration: 30,
    ServiceCategoryId: null,
    VisitType: 'Office' as const,
  };
  const CATEGORY = {
    Id: 'cat-1',
    Name: 'Consultation',
    Duration: 30,
    Capacity: null,
    CapacityAvailable: null,
  };
  const held = (
    selectedReason: string | number,
    visits: ('Office' | 'TeleHealth' | 'Walk-In')[],
  ): CalendarSlotData => ({
    ...slot,
    selectedReason,
    time_slot: {
      ...slot.time_slot,
      SlotVisitType: visits,
      ServiceType: [OFFICE, WALK_IN],
      ServiceCategory: [CATEGORY],
    },
  });

  it('is a walk-in when the chosen reason is a walk-in visit, and sends that reason and its category', () => {
    const body = bookingBody({ ...submission, slot: held('type-walk', ['Office', 'Walk-In']) }, null);
    expect(body.ScheduleType).toBe('Walk-In');
    expect(body.ServiceType).toEqual([
      { Id: 'type-walk', Name: 'Walk-in Visit', Duration: 15, ServiceCategoryId: 'cat-1' },
    ]);
    expect(body.ServiceCategory).toEqual([{ Id: 'cat-1', Name: 'Consultation', Duration: 30 }]);
  });

  it('is scheduled for an office reason or for All on a mixed calendar; a walk-in-only calendar makes every booking a walk-in', () => {
    expect(scheduleTypeOf(held('type-office', ['Office', 'Walk-In']))).toBe('Scheduled');
    expect(
      bookingBody({ ...submission, slot: held('type-office', ['Office', 'Walk-In']) }, null).ServiceType,
    ).toEqual([{ Id: 'type-office', Name: 'Follow-up Visit', Duration: 30 }]);
    expect(scheduleTypeOf(held(-1, ['Office', 'Walk-In']))).toBe('Scheduled');
    expect(bookingBody({ ...submission, slot: held(-1, ['Office', 'Walk-In']) }, null).ServiceType).toEqual(
      [],
    );
    expect(scheduleTypeOf(held('All', ['Walk-In']))).toBe('Walk-In');
    expect(scheduleTypeOf(slot)).toBe('Scheduled');
  });
});

describe('the visit type a booking carries (issue 30 item 1)', () => {
  const VIDEO: SlotServiceType = {
    Id: 'type-video',
    Name: 'Video Visit',
    Duration: 30,
    ServiceCategoryId: null,
    VisitType: 'TeleHealth',
  };
  const WALK_IN: SlotServiceType = { ...VIDEO, Id: 'type-walk', Name: 'Walk-in Visit', VisitType: 'Walk-In' };
  const OFFICE: SlotServiceType = {
    ...VIDEO,
    Id: 'type-office',
    Name: 'New Patient Visit',
    VisitType: 'Office',
  };
  const fromProfile = (
    reason: SlotServiceType,
    visits: ('Office' | 'TeleHealth' | 'Walk-In')[],
    entityType = 'Practitioner',
  ): BookingSubmission => ({
    ...submission,
    slot: {
      ...slot,
      entity: { ...slot.entity, Type: entityType },
      selectedReason: reason.Id,
      time_slot: { ...slot.time_slot, SlotVisitType: visits, ServiceType: [reason], ServiceCategory: [] },
    },
  });
  const fromSearch = (
    filter: 'Office' | 'TeleHealth' | 'Walk-In' | undefined,
    visits: ('Office' | 'TeleHealth' | 'Walk-In')[],
    entityType = 'Provider',
  ): BookingSubmission => ({
    ...submission,
    slot: {
      ...slot,
      entity: { ...slot.entity, Type: entityType },
      selectedReason: 'All',
      workflow: 'PROVIDER_SEARCH',
      ...(filter ? { visitType: filter } : {}),
      time_slot: { ...slot.time_slot, SlotVisitType: visits },
    },
  });
  const kind = (input: BookingSubmission) => {
    const body = bookingBody(input, null);
    return [body.AppointmentType, body.ScheduleType];
  };

  it('books the reason chosen on a profile: video as TeleHealth, walk-in and office as Office', () => {
    expect(kind(fromProfile(VIDEO, ['Office', 'TeleHealth']))).toEqual(['TeleHealth', 'Scheduled']);
    expect(kind(fromProfile(WALK_IN, ['Office', 'Walk-In']))).toEqual(['Office', 'Walk-In']);
    expect(kind(fromProfile(OFFICE, ['Office', 'TeleHealth']))).toEqual(['Office', 'Scheduled']);
  });

  it("books a healthcare service's time as a Resource visit, from a profile or from search", () => {
    expect(kind(fromProfile(OFFICE, ['Office'], 'HealthCareService'))).toEqual(['Resource', 'Scheduled']);
    expect(kind(fromSearch(undefined, ['Office'], 'Resource'))).toEqual(['Resource', 'Scheduled']);
  });

  it("books what the search was filtered on when the slot's calendar offers it", () => {
    expect(kind(fromSearch('TeleHealth', ['Office', 'TeleHealth']))).toEqual(['TeleHealth', 'Scheduled']);
    expect(kind(fromSearch('Walk-In', ['Office', 'Walk-In']))).toEqual(['Office', 'Walk-In']);
    expect(kind(fromSearch('Office', ['Office', 'TeleHealth']))).toEqual(['Office', 'Scheduled']);
    // A filter the calendar does not offer decides nothing.
    expect(kind(fromSearch('TeleHealth', ['Office']))).toEqual(['Office', 'Scheduled']);
  });

  it("books by the slot's calendar without a reason or filter: video-only is TeleHealth, walk-in-only a walk-in", () => {
    expect(kind(fromSearch(undefined, ['TeleHealth']))).toEqual(['TeleHealth', 'Scheduled']);
    expect(kind(fromSearch(undefined, ['Walk-In']))).toEqual(['Office', 'Walk-In']);
    expect(kind(fromSearch(undefined, ['Office', 'TeleHealth']))).toEqual(['Office', 'Scheduled']);
  });
});
