import { TOAST } from '@careslot/contracts';

export type ToastKind = 'success' | 'error';

export interface ToastView {
  id: string;
  kind: ToastKind;
  message: string;
  /** Called when the view goes away on its own account, e.g. the user closed it. */
  onDismissed: () => void;
}

/** Whatever puts toasts on screen; the app uses Mantine notifications, tests a recorder. */
export interface ToastPresenter {
  show(view: ToastView): void;
  hide(id: string): void;
}

export interface Toaster {
  /** Shows a success toast that hides after 2 s. */
  success(message: string): boolean;
  /** Shows an error toast that hides after 3 s, unless an error is already on screen. Returns whether it showed. */
  error(message: string): boolean;
  /** Hides every toast on screen at once and ends the error suppression (a screen starting afresh). */
  clear(): void;
}

/**
 * The display rules of patient-booking.md §8: success toasts hide after 2 s, errors after 3 s, and a new
 * error is suppressed while one is showing (so a burst of failing calls shows one message, not a stack).
 * The toaster keeps its own timers rather than the presenter's auto-close, which pauses on hover and would
 * keep the suppression window open for as long as the pointer rests on it.
 */
export function createToaster(
  presenter: ToastPresenter,
  timing: { successHideMs: number; errorHideMs: number } = TOAST,
): Toaster {
  let sequence = 0;
  let errorOnScreen: string | null = null;
  const onScreen = new Map<string, ReturnType<typeof setTimeout>>();

  function show(kind: ToastKind, message: string): boolean {
    if (kind === 'error' && errorOnScreen) return false;
    const id = `toast-${++sequence}`;
    const gone = () => {
      onScreen.delete(id);
      if (errorOnScreen === id) errorOnScreen = null;
    };
    if (kind === 'error') errorOnScreen = id;
    presenter.show({ id, kind, message, onDismissed: gone });
    const timer = setTimeout(
      () => {
        presenter.hide(id);
        gone();
      },
      kind === 'error' ? timing.errorHideMs : timing.successHideMs,
    );
    onScreen.set(id, timer);
    return true;
  }

  function clear() {
    for (const [id, timer] of onScreen) {
      clearTimeout(timer);
      presenter.hide(id);
    }
    onScreen.clear();
    errorOnScreen = null;
  }

  return {
    success: (message) => show('success', message),
    error: (message) => show('error', message),
    clear,
  };
}
