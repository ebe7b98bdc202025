import { describe, expect, it } from 'vitest';
import { readActionLink } from './AppointmentActionPage';

const id = '7d0f3b56-2d6e-4a43-9d4c-3f1f3c1e9a11';

describe('the appointment-action link (decision 0042)', () => {
  it('reads the appointment, the action, the expiry and the signature', () => {
    expect(
      readActionLink(new URLSearchParams(`id=${id}&action=cancel&exp=1900000000&sig=abcdefghijklmnop`)),
    ).toEqual({
      id,
      action: 'cancel',
      exp: 1900000000,
      sig: 'abcdefghijklmnop',
    });
  });

  it.each([
    ['no signature', `id=${id}&action=confirm&exp=1900000000`],
    ['an action other than confirm or cancel', `id=${id}&action=delete&exp=1900000000&sig=abcdefghijklmnop`],
    ['an expiry that is not a number', `id=${id}&action=confirm&exp=soon&sig=abcdefghijklmnop`],
    ['no appointment', 'action=confirm&exp=1900000000&sig=abcdefghijklmnop'],
  ])('is no link with %s', (_case, query) => {
    expect(readActionLink(new URLSearchParams(query))).toBeNull();
  });
});
