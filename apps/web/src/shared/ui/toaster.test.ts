import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToaster, type ToastPresenter, type ToastView } from './toaster';

function recorder() {
  const onScreen = new Map<string, ToastView>();
  const presenter: ToastPresenter = {
    show: (view) => onScreen.set(view.id, view),
    hide: (id) => onScreen.delete(id),
  };
  const messages = () => [...onScreen.values()].map((view) => `${view.kind}:${view.message}`);
  return { presenter, onScreen, messages };
}

describe('toaster', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hides a success toast after 2 s', () => {
    const screen = recorder();
    const toaster = createToaster(screen.presenter);
    toaster.success('Saved');
    vi.advanceTimersByTime(1999);
    expect(screen.messages()).toEqual(['success:Saved']);
    vi.advanceTimersByTime(1);
    expect(screen.messages()).toEqual([]);
  });

  it('hides an error toast after 3 s', () => {
    const screen = recorder();
    const toaster = createToaster(screen.presenter);
    toaster.error('Login Failed.');
    vi.advanceTimersByTime(2999);
    expect(screen.messages()).toEqual(['error:Login Failed.']);
    vi.advanceTimersByTime(1);
    expect(screen.messages()).toEqual([]);
  });

  it('suppresses a new error while one is showing and accepts one once it has gone', () => {
    const screen = recorder();
    const toaster = createToaster(screen.presenter);
    expect(toaster.error('first')).toBe(true);
    vi.advanceTimersByTime(2000);
    expect(toaster.error('second')).toBe(false);
    expect(screen.messages()).toEqual(['error:first']);
    vi.advanceTimersByTime(1000);
    expect(toaster.error('third')).toBe(true);
    expect(screen.messages()).toEqual(['error:third']);
  });

  it('accepts a new error as soon as the user closes the one on screen', () => {
    const screen = recorder();
    const toaster = createToaster(screen.presenter);
    toaster.error('first');
    const [view] = screen.onScreen.values();
    screen.onScreen.delete(view!.id);
    view!.onDismissed();
    expect(toaster.error('second')).toBe(true);
    expect(screen.messages()).toEqual(['error:second']);
  });

  it('never suppresses success toasts, and a success does not block an error', () => {
    const screen = recorder();
    const toaster = createToaster(screen.presenter);
    toaster.success('one');
    toaster.success('two');
    expect(toaster.error('oops')).toBe(true);
    expect(screen.messages()).toEqual(['success:one', 'success:two', 'error:oops']);
  });

  it('clears every toast at once and accepts a new error straight after', () => {
    const screen = recorder();
    const toaster = createToaster(screen.presenter);
    toaster.success('Saved');
    toaster.error('Login Failed.');
    toaster.clear();
    expect(screen.messages()).toEqual([]);
    expect(toaster.error('Practitioner not found')).toBe(true);
    expect(screen.messages()).toEqual(['error:Practitioner not found']);
  });
});
