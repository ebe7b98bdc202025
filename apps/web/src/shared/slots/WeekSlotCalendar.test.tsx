import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Slot } from '@careslot/contracts';
import { Providers, setupI18n } from '../../testing/render';
import { daysFrom, type DayKey } from './slotDates';
import type { WeekSlots } from './useWeekSlots';
import { WeekSlotCalendar } from './WeekSlotCalendar';

const NY = 'America/New_York';
const S = '11111111-1111-4111-8111-111111111111';
const days = daysFrom('2026-11-23');

function slotAt(day: string, hour: number, minute = 0): Slot {
  const start = new Date(
    Date.UTC(
      Number(day.slice(0, 4)),
      Number(day.slice(5, 7)) - 1,
      Number(day.slice(8, 10)),
      hour + 5,
      minute,
    ),
  );
  return {
    ScheduleId: S,
    Status: 'free',
    Start: start.toISOString(),
    End: start.toISOString(),
    Capacity: 1,
    CapacityAvailable: 1,
    SlotIds: [`${S}_${start.toISOString()}`],
  };
}

function week(slots: Slot[], extra: Partial<WeekSlots> = {}): WeekSlots {
  const slotsByDay = new Map<DayKey, Slot[]>(
    days.map((d) => [d, slots.filter((s) => s.Start.startsWith(d))]),
  );
  return {
    days,
    slotsByDay,
    slots,
    isLoading: false,
    isError: false,
    nextAvailableDay: null,
    noAvailability: false,
    timeZone: NY,
    live: true,
    removeSlot: () => undefined,
    ...extra,
  };
}

function show(w: WeekSlots, mode: 'week' | 'list' = 'week', onPick = vi.fn(), onJump = vi.fn()) {
  render(
    <Providers>
      <WeekSlotCalendar week={w} mode={mode} onPick={onPick} onJump={onJump} />
    </Providers>,
  );
  return { onPick, onJump };
}

describe('WeekSlotCalendar', () => {
  beforeAll(async () => {
    await setupI18n(['common', 'slots']);
  });

  it("shows at most 5 slots a day as 'h:mm am' in the facility zone until 'More appointments'", async () => {
    const monday = Array.from({ length: 7 }, (_, i) =>
      slotAt('2026-11-23', 9 + Math.floor(i / 2), (i % 2) * 30),
    );
    const { onPick } = show(week(monday));
    const day = screen.getAllByTestId('slot-day')[0]!;
    expect(
      within(day)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['9:00 am', '9:30 am', '10:00 am', '10:30 am', '11:00 am']);
    await userEvent.click(screen.getByRole('button', { name: 'More appointments' }));
    expect(within(day).getAllByRole('button')).toHaveLength(7);
    await userEvent.click(within(day).getByRole('button', { name: /^9:30 am/ }));
    expect(onPick).toHaveBeenCalledWith(monday[1]);
  });

  it('shows 3 a day in a provider list', () => {
    show(week(Array.from({ length: 4 }, (_, i) => slotAt('2026-11-24', 9 + i))), 'list');
    expect(within(screen.getAllByTestId('slot-day')[1]!).getAllByRole('button')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'More appointments' })).toBeInTheDocument();
  });

  it("offers 'More appointments' in a list whose week holds only the first 3 a day, and asks for the whole week", async () => {
    const onMore = vi.fn();
    const slots = [9, 10, 11].map((h) => slotAt(days[0]!, h));
    render(
      <Providers>
        <WeekSlotCalendar
          week={week(slots)}
          mode="list"
          onPick={vi.fn()}
          onJump={vi.fn()}
          moreHint
          onMore={onMore}
        />
      </Providers>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'More appointments' }));
    expect(onMore).toHaveBeenCalledTimes(1);
  });

  it("shows no 'More appointments' in a list when no day has more than 3", () => {
    show(week([9, 10, 11].map((h) => slotAt(days[0]!, h))), 'list');
    expect(screen.queryByRole('button', { name: 'More appointments' })).toBeNull();
  });

  it("offers 'Next Availability is {EEE}, {MMM d}' for an empty week and jumps there", async () => {
    const { onJump } = show(week([], { nextAvailableDay: '2026-12-02' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next Availability is Wed, Dec 2' }));
    expect(onJump).toHaveBeenCalledWith('2026-12-02');
  });

  it("says 'No availability.' when nothing opens later either", () => {
    show(week([], { noAvailability: true }));
    expect(screen.getByText('No availability.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Next Availability/ })).toBeNull();
  });

  it('shows a skeleton, not slots or an empty message, while loading', () => {
    show(week([], { isLoading: true }));
    expect(screen.getByRole('region', { name: 'Open appointment times' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(screen.queryByText('No availability.')).toBeNull();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
