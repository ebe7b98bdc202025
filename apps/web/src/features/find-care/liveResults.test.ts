import { describe, expect, it } from 'vitest';
import type { FindCareResult, SearchProvider, Slot } from '@careslot/contracts';
import { applyEventToResults } from './liveResults';

const SCHEDULE = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const NOW = new Date('2026-11-23T15:00:00Z');

const slot = (start: string, id: string, scheduleId = SCHEDULE): Slot => ({
  ScheduleId: scheduleId,
  Status: 'free',
  Start: start,
  End: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
  Capacity: 1,
  CapacityAvailable: 1,
  SlotIds: [id],
});

const provider = (scheduleId: string, slots: Slot[]): SearchProvider =>
  ({
    practitioner_id: scheduleId,
    schedule_id: scheduleId,
    location: { iana_time_zone: 'America/New_York' },
    slots,
  }) as unknown as SearchProvider;

const result = (): FindCareResult => ({
  count: 2,
  date: '2026-11-23',
  place: null,
  providers: [
    provider(SCHEDULE, [slot('2026-11-23T16:00:00Z', 'a'), slot('2026-11-24T14:00:00Z', 'b')]),
    provider(OTHER, [slot('2026-11-23T16:00:00Z', 'c', OTHER)]),
  ],
});

describe('live slot events on a page of results', () => {
  it("drops a slot held elsewhere from its provider's card only", () => {
    const before = result();
    const { result: after, removed } = applyEventToResults(
      before,
      'updated',
      { ...slot('2026-11-23T16:00:00Z', 'a'), CapacityAvailable: 0, Id: 'a', SlotId: 'a' },
      NOW,
    );
    expect(removed).toBe(true);
    expect(after.providers[0]!.slots.map((s) => s.SlotIds[0])).toEqual(['b']);
    expect(after.providers[1]).toBe(before.providers[1]);
  });

  it("brings a released slot back when it falls in the card's week, and ignores one outside it", () => {
    const before = result();
    const back = applyEventToResults(
      before,
      'added',
      { ...slot('2026-11-24T15:00:00Z', 'd'), Id: 'd', SlotId: 'd' },
      NOW,
    );
    expect(back.removed).toBe(false);
    expect(back.result.providers[0]!.slots.map((s) => s.SlotIds[0])).toEqual(['a', 'b', 'd']);
    const later = applyEventToResults(
      before,
      'added',
      { ...slot('2026-12-10T15:00:00Z', 'e'), Id: 'e', SlotId: 'e' },
      NOW,
    );
    expect(later.result).toBe(before);
  });

  it('leaves the result as it is for another schedule', () => {
    const before = result();
    const other = '33333333-3333-4333-8333-333333333333';
    expect(
      applyEventToResults(
        before,
        'deleted',
        { Id: 'a', SlotId: 'a', SlotIds: ['a'], ScheduleId: other, Start: '2026-11-23T16:00:00Z' },
        NOW,
      ).result,
    ).toBe(before);
  });
});
