import { afterEach, describe, expect, it } from 'vitest';
import { setRegistrationHandler } from '../session/authActions';
import { BOOKING_FORM_PATH, continueToBooking } from './continueToBooking';

afterEach(() => setRegistrationHandler(null));

describe('continueToBooking (4.3 step 8)', () => {
  it('takes a signed-in user to the booking form and never starts a registration', async () => {
    const started: string[] = [];
    setRegistrationHandler(() => void started.push('registration'));
    const went: string[] = [];
    await continueToBooking(true, (path) => went.push(path));
    expect(went).toEqual([BOOKING_FORM_PATH]);
    expect(started).toEqual([]);
  });

  it('sends a guest to registration at the identity provider instead of the booking form', async () => {
    const started: string[] = [];
    setRegistrationHandler(() => void started.push('registration'));
    const went: string[] = [];
    await continueToBooking(false, (path) => went.push(path));
    expect(started).toEqual(['registration']);
    expect(went).toEqual([]);
  });

  it('falls back to the booking form (and its sign-in guard) when no identity feature is installed', async () => {
    const went: string[] = [];
    await continueToBooking(false, (path) => went.push(path));
    expect(went).toEqual([BOOKING_FORM_PATH]);
  });
});
