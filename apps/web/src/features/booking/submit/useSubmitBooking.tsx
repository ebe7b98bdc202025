import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { STORAGE_KEYS } from '@careslot/contracts';
import { toast } from '../../../shared/ui/toast';
import { whenIdle } from '../../../shared/ui/whenIdle';
import type { BookingApi } from './api';
import type { StatusListener } from './statusWatch';
import { resetBookingState } from './resetBooking';
import type { BookingOutcome, BookingSubmission } from './submitBooking';
import type * as submitPathModule from './submitPath';

type SubmitPath = typeof submitPathModule;

// The reschedule dialog (its slot calendar and Mantine's Modal) loads only when a booked time turns out taken.
const RescheduleDialog = lazy(() =>
  import('../reschedule/RescheduleDialog').then((m) => ({ default: m.RescheduleDialog })),
);

/** The submission code: loaded once, on the first press or when the browser is idle, whichever comes first. */
let submitPath: Promise<SubmitPath> | null = null;
let loadedSubmitPath: SubmitPath | null = null;
function loadSubmitPath() {
  submitPath ??= import('./submitPath').then(
    (path) => (loadedSubmitPath = path),
    (error: unknown) => {
      submitPath = null; // the next press tries again
      throw error;
    },
  );
  return submitPath;
}

export interface UseSubmitBookingOptions {
  /** Injected in tests. */
  api?: BookingApi;
  listen?: StatusListener;
  wait?: (ms: number) => Promise<void>;
}

export interface SubmitBookingHandle {
  /** Runs step 9 and what follows; resolves with the outcome after the hook acted on it. */
  submit: (input: BookingSubmission) => Promise<BookingOutcome>;
  submitting: boolean;
  /** Why the visit fee could not be taken (declined, insufficient funds), for the pay page to show; null otherwise. */
  paymentError: string | null;
  /** The reschedule dialog (4.7), when it is open: render this in the page. */
  dialogs: ReactNode;
}

/**
 * The booking submission (patient-booking.md §4.2 step 9, §4.5, §4.6, §4.7, §8) for the last booking stage.
 * Booked: the held selection and booking state are cleared and the browser goes to the portal details page
 * (?showConfirmationMessage=true), which shows the pending or confirmation popup; a non-patient goes to
 * /dashboard/doctor. Slot gone: the reschedule dialog. Duplicate: 'Already booked at this time.', hold
 * released, portal. Other failures: the message (refund texts of 4.6 included), then originUrl or the portal.
 */
export function useSubmitBooking(options: UseSubmitBookingOptions = {}): SubmitBookingHandle {
  const navigate = useNavigate();
  const { t } = useTranslation('bookingSubmit');
  const [submitting, setSubmitting] = useState(false);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [reschedule, setReschedule] = useState<BookingSubmission | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const { wait } = options;
  // The API the reschedule dialog uses: the injected one, else the submission code's (loaded by the time a
  // booking answers that the time is gone).
  const api = options.api ?? loadedSubmitPath?.bookingApi ?? null;
  const running = useRef<Promise<BookingOutcome> | null>(null);

  // Failing to load here is not an error yet: the press loads it again and says when that fails too.
  useEffect(() => whenIdle(() => void loadSubmitPath().catch(() => undefined)), []);

  const act = useCallback(
    (outcome: BookingOutcome, input: BookingSubmission) => {
      switch (outcome.kind) {
        case 'booked':
          resetBookingState();
          localStorage.setItem(STORAGE_KEYS.local.showPopup, '1');
          void navigate(outcome.redirect, { replace: true, state: { bookingPopup: outcome.popup } });
          break;
        case 'reschedule':
          setReschedule(input);
          break;
        case 'payment-failed':
          setPaymentError(t(`messages.${outcome.code}`, { details: outcome.message }));
          break;
        case 'not-sent':
          toast.error(t(`messages.${outcome.code}`));
          break;
        case 'duplicate':
          resetBookingState();
          toast.error(t(`messages.${outcome.code}`));
          void navigate(outcome.redirect, { replace: true });
          break;
        case 'failed':
          if (outcome.refund === 'processed') resetBookingState();
          toast.error(
            outcome.details
              ? `${t(`messages.${outcome.code}`)} ${outcome.details}`
              : t(`messages.${outcome.code}`),
          );
          void navigate(outcome.redirect, { replace: true });
          break;
      }
    },
    [navigate, t],
  );

  const submit = useCallback(
    (input: BookingSubmission): Promise<BookingOutcome> => {
      // One submission at a time: a second click while one runs gets the same answer.
      if (running.current) return running.current;
      setSubmitting(true);
      setPaymentError(null);
      const run = loadSubmitPath()
        .catch(() => null)
        .then(async (path): Promise<BookingOutcome> => {
          if (!path) return { kind: 'not-sent', code: 'unableToBook' };
          const bookingApi = options.api ?? path.bookingApi;
          const watch = path.watchAppointmentStatus(options.listen ?? path.hubListener, wait);
          try {
            return await path.submitBooking({ api: bookingApi, settle: watch.settle }, input);
          } finally {
            watch.stop();
          }
        })
        .then((outcome) => {
          act(outcome, input);
          return outcome;
        })
        .finally(() => {
          running.current = null;
          if (mounted.current) setSubmitting(false);
        });
      running.current = run;
      return run;
    },
    [options.api, options.listen, wait, act],
  );

  const dialogs =
    reschedule && api ? (
      <Suspense fallback={null}>
        <RescheduleDialog
          submission={reschedule}
          api={api}
          onConfirm={(next) => {
            setReschedule(null);
            void submit(next);
          }}
          onDecline={() => {
            setReschedule(null);
            resetBookingState();
            void navigate('/portal', { replace: true });
          }}
          onClose={() => setReschedule(null)}
        />
      </Suspense>
    ) : null;

  return { submit, submitting, paymentError, dialogs };
}
