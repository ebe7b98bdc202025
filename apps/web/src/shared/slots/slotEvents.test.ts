import { describe, expect, it } from 'vitest';
import type { Slot, SlotEvent } from '@careslot/contracts';
import { applySlotEvent, isForReason, withoutSlot, type SlotWindow } from './slotEvents';

const S = '11111111-1111-4111-8111-111111111111';
function slot(hm: string, available = 1, ids?: string[]): Slot {
  const start = `2026-11-24T${hm}:00.000Z`;
  return {
    ScheduleId: S,
    Status: available > 0 ? 'free' : 'busy',
    Start: start,
    End: start,
    Capacity: 2,
    CapacityAvailable: available,
    SlotIds: ids ?? [`${S}_${start}`],
  };
}
function event(s: Slot): SlotEvent {
  return { ...s, Id: s.SlotIds[0]!, SlotId: s.SlotIds[0]! };
}
const window: SlotWindow = {
  scheduleIds: [S],
  from: new Date('2026-11-24T00:00:00Z'),
  to: new Date('2026-11-25T00:00:00Z'),
};

describe('live slot events (4.4)', () => {
  it('inserts an added slot in start order', () => {
    const list = [slot('14:00'), slot('15:00')];
    const next = applySlotEvent(list, 'added', event(slot('14:30')), window);
    expect(next.map((s) => s.Start.slice(11, 16))).toEqual(['14:00', '14:30', '15:00']);
  });

  it('replaces an added slot that shares an id instead of duplicating it', () => {
    const list = [slot('14:00', 1)];
    const next = applySlotEvent(list, 'added', event(slot('14:00', 2)), window);
    expect(next).toHaveLength(1);
    expect(next[0]!.CapacityAvailable).toBe(2);
  });

  it('ignores an added slot of another schedule or outside the shown range', () => {
    const list = [slot('14:00')];
    expect(applySlotEvent(list, 'added', event({ ...slot('14:30'), ScheduleId: 'other' }), window)).toBe(
      list,
    );
    expect(
      applySlotEvent(list, 'added', event({ ...slot('14:30'), Start: '2026-11-26T14:30:00.000Z' }), window),
    ).toBe(list);
  });

  it('refreshes an updated slot and removes it when no capacity is left', () => {
    const list = [slot('14:00', 2), slot('15:00', 1)];
    const refreshed = applySlotEvent(list, 'updated', event(slot('14:00', 1)), window);
    expect(refreshed.map((s) => s.CapacityAvailable)).toEqual([1, 1]);
    const gone = applySlotEvent(refreshed, 'updated', event(slot('14:00', 0)), window);
    expect(gone.map((s) => s.Start.slice(11, 16))).toEqual(['15:00']);
  });

  it('does not insert on an update of a slot it does not show', () => {
    const list = [slot('15:00')];
    expect(applySlotEvent(list, 'updated', event(slot('14:00', 1)), window)).toBe(list);
  });

  it('removes deleted ids and drops a slot only when none remain', () => {
    const grouped = slot('14:00', 1, ['a', 'b']);
    const list = [grouped, slot('15:00')];
    const once = applySlotEvent(list, 'deleted', {
      Id: 'a',
      SlotId: 'a',
      SlotIds: ['a'],
      ScheduleId: S,
      Start: grouped.Start,
    });
    expect(once[0]!.SlotIds).toEqual(['b']);
    const twice = applySlotEvent(once, 'deleted', {
      Id: 'b',
      SlotId: 'b',
      SlotIds: ['b'],
      ScheduleId: S,
      Start: grouped.Start,
    });
    expect(twice.map((s) => s.Start.slice(11, 16))).toEqual(['15:00']);
  });

  it('brings a slot back when it is added again after being taken', () => {
    const list = [slot('14:00', 1), slot('15:00', 1)];
    const taken = applySlotEvent(list, 'updated', event(slot('14:00', 0)), window);
    const back = applySlotEvent(taken, 'added', event(slot('14:00', 1)), window);
    expect(back.map((s) => s.Start.slice(11, 16))).toEqual(['14:00', '15:00']);
  });

  it('takes a slot whose hold failed off the list', () => {
    const list = [slot('14:00'), slot('15:00')];
    expect(withoutSlot(list, slot('14:00')).map((s) => s.Start.slice(11, 16))).toEqual(['15:00']);
  });
});

describe('reason-based events', () => {
  it("keeps the slot's reason, so a calendar of that reason still shows it after an update (issue 30, item 17)", () => {
    const reason = {
      Id: 'physio',
      Name: 'Physio',
      Duration: 90,
      ServiceCategoryId: null,
      VisitType: 'Office' as const,
    };
    const list = [{ ...slot('14:00', 2), ServiceType: [{ ...reason, Duration: 30 }] }];
    const next = applySlotEvent(
      list,
      'updated',
      { ...event(slot('14:00', 1)), ServiceType: [reason] },
      window,
    );
    expect(next[0]!.ServiceType).toEqual([reason]);
  });

  it("applies only the chosen reason's variant, and one that names no reason", () => {
    const type = (Id: string) => ({
      Id,
      Name: Id,
      Duration: 30,
      ServiceCategoryId: null,
      VisitType: 'Office' as const,
    });
    expect(isForReason({ ServiceType: [type('physio')] }, 'physio')).toBe(true);
    expect(isForReason({ ServiceType: [type('yoga')] }, 'physio')).toBe(false);
    expect(isForReason({ ServiceType: [] }, 'physio')).toBe(true);
    expect(isForReason({}, 'physio')).toBe(true);
  });
});
