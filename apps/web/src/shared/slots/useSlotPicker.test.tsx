import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Slot } from '@careslot/contracts';
import { Providers, setupI18n } from '../../testing/render';
import { holdLimit } from './holds';
import { useSlotPicker } from './useSlotPicker';

const S = '11111111-1111-4111-8111-111111111111';
const slot = (hm: string): Slot => {
  const start = `2026-11-24T${hm}:00.000Z`;
  return {
    ScheduleId: S,
    Status: 'free',
    Start: start,
    End: start,
    Capacity: 1,
    CapacityAvailable: 1,
    SlotIds: [`${S}_${start}`],
  };
};

interface Call {
  url: string;
  body: { SlotIds: string[] };
}

/** A fake server: reserve answers 200 unless the slot is listed as taken (or the limit is reached); release always 200. */
function fakeServer(taken: string[] = [], limit = false) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = (init.body ? JSON.parse(init.body as string) : { SlotIds: [] }) as Call['body'];
      calls.push({ url, body });
      if (url.includes('/slot/reserve') && limit) {
        limit = false;
        return new Response(
          JSON.stringify({
            status_code: 409,
            message: 'Could not reserve the selected slot. Please try another slot.',
            data: null,
            errors: [{ field: 'SlotIds', rule: 'max_active_holds', message: 'You already hold 3 times' }],
          }),
          { status: 409 },
        );
      }
      if (url.includes('/slot/reserve') && taken.includes(body.SlotIds[0]!)) {
        return new Response(
          JSON.stringify({
            status_code: 409,
            message: 'Could not reserve the selected slot. Please try another slot.',
            data: null,
          }),
          { status: 409 },
        );
      }
      if (url.includes('/slot/reserve'))
        return new Response(
          JSON.stringify({
            SlotIds: body.SlotIds,
            Slot: slot('14:00'),
            ExpiresAt: '2026-11-24T13:50:00.000Z',
          }),
        );
      return new Response(JSON.stringify({ Released: 1 }));
    }),
  );
  return calls;
}

const wrapper = ({ children }: { children: ReactNode }) => <Providers>{children}</Providers>;

describe('picking a slot (4.3)', () => {
  beforeAll(async () => {
    await setupI18n(['common', 'slots']);
  });
  afterEach(() => vi.unstubAllGlobals());

  afterEach(() => sessionStorage.clear());

  function setup(taken: string[] = [], limit = false) {
    const calls = fakeServer(taken, limit);
    let clock = 1_000_000;
    const removeSlot = vi.fn();
    const hook = renderHook(
      () =>
        useSlotPicker({
          timeZone: 'America/New_York',
          browserTimeZone: 'America/New_York',
          removeSlot,
          now: () => clock,
        }),
      { wrapper },
    );
    return { calls, removeSlot, hook, advance: (ms: number) => (clock += ms) };
  }

  it('holds a slot, and releases it first when another is picked more than 5 s later', async () => {
    const { calls, hook, advance } = setup();
    act(() => hook.result.current.pick(slot('14:00')));
    await waitFor(() => expect(hook.result.current.held?.slot.SlotIds).toEqual(slot('14:00').SlotIds));
    advance(5_000);
    act(() => hook.result.current.pick(slot('15:00')));
    await waitFor(() => expect(hook.result.current.held?.slot.SlotIds).toEqual(slot('15:00').SlotIds));
    expect(
      calls.map((c) => [c.url.split('/').pop()!.split('?')[0], c.body.SlotIds[0]!.slice(48, 53)]),
    ).toEqual([
      ['reserve', '14:00'],
      ['release', '14:00'],
      ['reserve', '15:00'],
    ]);
  });

  it('ignores a second click within 5 s', async () => {
    const { calls, hook, advance } = setup();
    act(() => hook.result.current.pick(slot('14:00')));
    await waitFor(() => expect(hook.result.current.held).not.toBeNull());
    advance(4_999);
    act(() => hook.result.current.pick(slot('15:00')));
    await waitFor(() => expect(hook.result.current.pending).toBeNull());
    expect(calls).toHaveLength(1);
  });

  it('keeps one hold in flight: a click while a hold is pending does nothing', async () => {
    const { calls, hook, advance } = setup();
    act(() => {
      hook.result.current.pick(slot('14:00'));
      advance(10_000);
      hook.result.current.pick(slot('15:00'));
    });
    await waitFor(() => expect(hook.result.current.held).not.toBeNull());
    expect(calls.map((c) => c.body.SlotIds[0])).toEqual([slot('14:00').SlotIds[0]]);
  });

  it('takes a slot that could not be held off the calendar and holds nothing', async () => {
    const { hook, removeSlot } = setup([slot('14:00').SlotIds[0]!]);
    act(() => hook.result.current.pick(slot('14:00')));
    await waitFor(() => expect(removeSlot).toHaveBeenCalledWith(slot('14:00')));
    expect(hook.result.current.held).toBeNull();
  });

  it('asks about the time zone when the browser is elsewhere, and No releases the hold', async () => {
    const calls = fakeServer();
    const hook = renderHook(
      () =>
        useSlotPicker({
          timeZone: 'America/New_York',
          browserTimeZone: 'Asia/Tokyo',
          removeSlot: () => undefined,
        }),
      { wrapper },
    );
    act(() => hook.result.current.pick(slot('14:00')));
    await waitFor(() =>
      expect(hook.result.current.timeZoneQuestion).toMatchObject({
        browserTimeZone: 'Asia/Tokyo',
        facilityTimeZone: 'America/New_York',
      }),
    );
    act(() => hook.result.current.declineTimeZone());
    await waitFor(() => expect(calls.at(-1)!.url).toContain('/slot/release'));
    expect(hook.result.current.held).toBeNull();
    expect(hook.result.current.timeZoneQuestion).toBeNull();
  });

  it('releases the time an earlier page of this booking held (the stored selection) before holding a new one', async () => {
    sessionStorage.setItem('slot_info', JSON.stringify({ SlotIds: slot('13:00').SlotIds }));
    const { calls, hook } = setup();
    act(() => hook.result.current.pick(slot('14:00')));
    await waitFor(() => expect(hook.result.current.held?.slot.SlotIds).toEqual(slot('14:00').SlotIds));
    expect(
      calls.map((c) => [c.url.split('/').pop()!.split('?')[0], c.body.SlotIds[0]!.slice(48, 53)]),
    ).toEqual([
      ['release', '13:00'],
      ['reserve', '14:00'],
    ]);
  });

  it('at the hold limit asks to release the held times, then holds the picked one', async () => {
    const { calls, hook, removeSlot } = setup([], true);
    act(() => hook.result.current.pick(slot('14:00')));
    await waitFor(() => expect(holdLimit.current()).not.toBeNull());
    // Not a lost slot: it stays on the calendar.
    expect(removeSlot).not.toHaveBeenCalled();
    await act(async () => {
      const again = holdLimit.current()!;
      holdLimit.clear();
      again();
    });
    await waitFor(() => expect(hook.result.current.held?.slot.SlotIds).toEqual(slot('14:00').SlotIds));
    expect(calls.filter((c) => c.url.includes('/slot/reserve'))).toHaveLength(2);
  });
});
