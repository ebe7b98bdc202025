import { describe, expect, it } from 'vitest';
import { recoveryPath } from './recoveryPaths';

describe('recoveryPath (patient-booking.md §2.8)', () => {
  it('keeps the first path segment: /account/forgot-password leads to /account/verify-code', () => {
    expect(recoveryPath('/account/forgot-password', 'verify-code')).toBe('/account/verify-code');
    expect(recoveryPath('/account/verify-code', 'reset-password')).toBe('/account/reset-password');
  });

  it('stays top-level for the top-level screens', () => {
    expect(recoveryPath('/forgot-password', 'verify-code')).toBe('/verify-code');
    expect(recoveryPath('/verify-code/', 'reset-password')).toBe('/reset-password');
  });

  it('keeps the full path minus the last segment under a patient-review path', () => {
    expect(recoveryPath('/patient-review/appointments/42/forgot-password', 'verify-code')).toBe(
      '/patient-review/appointments/42/verify-code',
    );
    expect(recoveryPath('/patient-review/appointments/42/verify-code', 'forgot-password')).toBe(
      '/patient-review/appointments/42/forgot-password',
    );
  });
});
