import { describe, expect, it } from 'vitest';
import { clearsStoredLoginOnLoad, skipsPostLoginRedirect } from './urlRules';

describe('URL rules of §2.2', () => {
  it("clears the stored login on 'appointment-action' URLs only", () => {
    expect(clearsStoredLoginOnLoad('/appointment-action/confirm/12')).toBe(true);
    expect(clearsStoredLoginOnLoad('/Appointment-Action/x')).toBe(true);
    expect(clearsStoredLoginOnLoad('/book/book-appointment-form')).toBe(false);
  });
  it("keeps a 'passport' URL instead of the post-login landing page", () => {
    expect(skipsPostLoginRedirect('/vaccine-passport')).toBe(true);
    expect(skipsPostLoginRedirect('/portal')).toBe(false);
  });
});
