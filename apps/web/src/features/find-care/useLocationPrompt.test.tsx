import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { GEOLOCATION } from '@careslot/contracts';
import { useLocationPrompt } from './useLocationPrompt';

type Callbacks = {
  success: PositionCallback;
  failure: PositionErrorCallback;
  options: PositionOptions | undefined;
};
const DENIED = 1;
const TIMEOUT = 3;

function stubGeolocation() {
  const calls: Callbacks[] = [];
  const getCurrentPosition = vi.fn(
    (success: PositionCallback, failure: PositionErrorCallback, options?: PositionOptions) => {
      calls.push({ success, failure: failure, options });
    },
  );
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  const error = (code: number) =>
    ({
      code,
      PERMISSION_DENIED: DENIED,
      POSITION_UNAVAILABLE: 2,
      TIMEOUT,
      message: '',
    }) as GeolocationPositionError;
  return { calls, error };
}

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('the location prompt on mobile widths', () => {
  it('asks with the constants of section 9 and hands the position over', () => {
    const { calls } = stubGeolocation();
    const onPosition = vi.fn();
    renderHook(() => useLocationPrompt(true, onPosition));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.options).toEqual({ maximumAge: 300_000, timeout: 1_000, enableHighAccuracy: false });
    act(() => calls[0]!.success({ coords: { latitude: 40.75, longitude: -73.99 } } as GeolocationPosition));
    expect(onPosition).toHaveBeenCalledWith(40.75, -73.99);
  });

  it('shows the alert once when the position is refused, tracked by alertCount', () => {
    const { calls, error } = stubGeolocation();
    const { result, unmount } = renderHook(() => useLocationPrompt(true, vi.fn()));
    expect(localStorage.getItem('alertCount')).toBe('0');
    act(() => calls[0]!.failure(error(DENIED)));
    expect(result.current.alertOpen).toBe(true);
    expect(localStorage.getItem('alertCount')).toBe('1');
    act(() => result.current.closeAlert());
    expect(result.current.alertOpen).toBe(false);
    // Another failure while the page is open does not alert again.
    act(() => calls[0]!.failure(error(DENIED)));
    expect(result.current.alertOpen).toBe(false);
    unmount();
    expect(localStorage.getItem('alertCount')).toBeNull();
  });

  it('retries once after a timeout, then alerts', () => {
    vi.useFakeTimers();
    const { calls, error } = stubGeolocation();
    const { result } = renderHook(() => useLocationPrompt(true, vi.fn()));
    act(() => calls[0]!.failure(error(TIMEOUT)));
    expect(result.current.alertOpen).toBe(false);
    act(() => {
      vi.advanceTimersByTime(GEOLOCATION.retryMs);
    });
    expect(calls).toHaveLength(2);
    act(() => calls[1]!.failure(error(TIMEOUT)));
    expect(result.current.alertOpen).toBe(true);
  });

  it('does not ask on wider screens or when the search already has a place', () => {
    const { calls } = stubGeolocation();
    renderHook(() => useLocationPrompt(false, vi.fn()));
    expect(calls).toHaveLength(0);
  });
});
