import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PageProfile, Slot } from '@careslot/contracts';
import { renderRoute, setupI18n } from '../../../testing/render';
import { loadComboboxParts } from '../../../shared/ui/lazyCombobox';
import { PracticeProfilePage } from './PracticeProfilePage';

// The live calendar's hub connection: a socket that never connects.
vi.mock('socket.io-client', () => ({
  io: () => ({
    on: () => undefined,
    onAny: () => undefined,
    emit: () => undefined,
    removeAllListeners: () => undefined,
    disconnect: () => undefined,
  }),
}));

const SERVICE = '22222222-2222-4222-8222-222222222222';
const SCHEDULE = '33333333-3333-4333-8333-333333333333';
const LOCATION = '44444444-4444-4444-8444-444444444444';
const ZONE = 'America/New_York';

const service: PageProfile = {
  Id: '55555555-5555-4555-8555-555555555555',
  Name: 'Flu Shot Clinic',
  Title: 'Vaccination',
  About: 'Walk in for your yearly flu shot.',
  ProfilePicture: null,
  CoverPhoto: null,
  ContactInfo: null,
  Entity: { Id: SERVICE, Type: 'HealthCareService' },
  Calendars: [
    {
      ScheduleId: SCHEDULE,
      LocationId: LOCATION,
      TimeZone: ZONE,
      EntityId: SERVICE,
      EntityType: 'HealthCareService',
      EntityName: 'Flu Shot Clinic',
      EntityPhoto: null,
      EntitySpeciality: null,
      Reasons: [
        { Id: 'r-flu', Name: 'Flu shot', VisitType: 'Office' },
        { Id: 'r-covid', Name: 'COVID-19 booster', VisitType: 'Office' },
      ],
    },
  ],
  ProfileLink: '/practice/flu-shot-clinic',
  VisitTypes: ['Office'],
  IsPublished: true,
  ShowSuggestedEntities: false,
  EnableLocationSearch: false,
  DisplaySpecialities: false,
  DisplayInsurances: false,
  DisplayLocationPhone: false,
  ScheduleViaReferrer: false,
  EnableSplitCalendar: false,
  EnableProfileRanking: false,
  ReferrerUrl: null,
  ReferrerInstructions: null,
  PageProfileScheduleType: null,
  Organization: null,
  Specialities: [],
  Insurances: [],
  Locations: [
    {
      Id: LOCATION,
      Name: 'Main Street',
      Address1: '1 Main St',
      Address2: null,
      City: 'New York',
      State: 'NY',
      ZipCode: '10001',
      Phone: null,
      TimeZone: ZONE,
      Latitude: null,
      Longitude: null,
    },
  ],
  SuggestedEntities: [],
};

/** A slot on the calendar's first shown day (two days from now, 15:00 or 16:00 UTC) offering one reason. */
function slot(hourUtc: number, reasonId: string, reasonName: string): Slot {
  const day = new Date(Date.now() + 2 * 86_400_000);
  const start = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hourUtc));
  return {
    ScheduleId: SCHEDULE,
    Status: 'free',
    Start: start.toISOString(),
    End: new Date(start.getTime() + 3_600_000).toISOString(),
    Capacity: 2,
    CapacityAvailable: 2,
    SlotIds: [`${SCHEDULE}_${start.toISOString()}`],
    ServiceType: [
      { Id: reasonId, Name: reasonName, Duration: 60, ServiceCategoryId: null, VisitType: 'Office' },
    ],
  };
}

const slots = [slot(15, 'r-flu', 'Flu shot'), slot(16, 'r-covid', 'COVID-19 booster')];

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe("a healthcare service's public profile", () => {
  beforeAll(async () => {
    await setupI18n(['common', 'providerProfile', 'slots']);
    // The booking card and the Select's dropdown load after the page shows; this test is about what they do,
    // not when they arrive (a slow first transform of the lazy modules must not run out findBy's time).
    await Promise.all([import('../components/ProfileBooking'), loadComboboxParts()]);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows the service's own week calendar with its reason picker, and narrows the times to a reason", async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = url.split('?')[0]!;
        asked.push(path);
        if (path.endsWith('/pageProfiles/entity/flu-shot-clinic')) return answer(service);
        if (path.endsWith('/slot/advance-search')) return answer({ Data: slots, Total: slots.length });
        return answer({ message: 'not found' }, 404);
      }),
    );
    renderRoute(<PracticeProfilePage />, {
      path: '/practice/:nameIdentity',
      url: '/practice/flu-shot-clinic',
    });

    const booking = await screen.findByRole('region', { name: 'Book an appointment' });
    expect(screen.queryByText(/cannot be booked online/)).not.toBeInTheDocument();
    // The open times of the service's schedule, in its facility's zone.
    const times = slots.map((s) =>
      new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: 'numeric', minute: '2-digit' })
        .format(new Date(s.Start))
        .toLowerCase(),
    );
    for (const time of times)
      expect(
        await within(booking).findByRole('button', { name: new RegExp(time.replace(/\s/g, '\\s?'), 'i') }),
      ).toBeInTheDocument();
    expect(asked.some((path) => path.endsWith('/slot/advance-search'))).toBe(true);

    // The reason picker: 'All reasons' first, then the schedule's reasons.
    const picker = within(booking).getByLabelText('Reason for visit');
    expect(picker).toHaveValue('All reasons');
    await userEvent.click(picker);
    const listbox = await screen.findByRole('listbox', { hidden: true });
    const options = within(listbox).getAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['All reasons', 'Flu shot', 'COVID-19 booster']);
    await userEvent.click(within(listbox).getByRole('option', { name: 'COVID-19 booster', hidden: true }));
    expect(picker).toHaveValue('COVID-19 booster');
    expect(
      await within(booking).findByRole('button', { name: new RegExp(times[1]!.replace(/\s/g, '\\s?'), 'i') }),
    ).toBeInTheDocument();
    expect(
      within(booking).queryByRole('button', { name: new RegExp(times[0]!.replace(/\s/g, '\\s?'), 'i') }),
    ).not.toBeInTheDocument();
  });
});
