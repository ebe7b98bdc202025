import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute, setupI18n } from '../../../testing/render';
import { held, HOLDER_ID } from '../bookingTestApi';
import { useSubmitBooking } from './useSubmitBooking';
import type { BookingOutcome } from './submitBooking';

// The submission's chunk cannot be fetched (a dropped connection, a deploy that removed it).
vi.mock('./submitPath', () => {
  throw new Error('Failed to fetch dynamically imported module');
});
const showError = vi.hoisted(() => vi.fn());
vi.mock('../../../shared/ui/toast', () => ({ toast: { error: showError, success: vi.fn(), info: vi.fn() } }));

function Book() {
  const booking = useSubmitBooking({ api: { book: vi.fn() } as never });
  const [outcome, setOutcome] = useState<BookingOutcome | null>(null);
  return (
    <>
      <button
        type="button"
        disabled={booking.submitting}
        onClick={() =>
          void booking
            .submit({ slot: held, patient: { Id: HOLDER_ID, FirstName: 'Ana', LastName: 'Diaz' } })
            .then(setOutcome)
        }
      >
        Book
      </button>
      {outcome && <p>outcome: {outcome.kind}</p>}
    </>
  );
}

beforeAll(async () => {
  await setupI18n(['common', 'bookingSubmit']);
});

describe('useSubmitBooking when the submission code cannot load', () => {
  it('sends nothing, says "Unable to book appointment." and keeps the patient on the page to press again', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { router } = renderRoute(<Book />, { path: '/book/pay' });
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('outcome: not-sent')).toBeInTheDocument();
    expect(showError).toHaveBeenCalledWith('Unable to book appointment.');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/book/pay');
    expect(screen.getByRole('button', { name: 'Book' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    await vi.waitFor(() => expect(showError).toHaveBeenCalledTimes(2));
  });
});
