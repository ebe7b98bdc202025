import { describe, expect, it } from 'vitest';
import {
  clearsStoredLoginOnLoad,
  createAccountPath,
  forgotPasswordPath,
  loginVariant,
  returnAfterLogin,
  returnsToPageAfterLogin,
  signsOutInPlace,
  skipsPostLoginRedirect,
} from './urlRules';

describe('URL rules of §2.2', () => {
  it("clears the stored login on 'appointment-action' URLs only", () => {
    expect(clearsStoredLoginOnLoad('/appointment-action/confirm/12')).toBe(true);
    expect(clearsStoredLoginOnLoad('/Appointment-Action/x')).toBe(true);
    expect(clearsStoredLoginOnLoad('/book/book-appointment-form')).toBe(false);
  });
  it("signs out in place on a 'start-survey' link, so the survey still opens", () => {
    expect(signsOutInPlace('/appointments/a-1/start-survey')).toBe(true);
    expect(signsOutInPlace('/portal')).toBe(false);
  });
  it("keeps a 'passport' URL instead of the post-login landing page", () => {
    expect(skipsPostLoginRedirect('/vaccine-passport')).toBe(true);
    expect(skipsPostLoginRedirect('/portal')).toBe(false);
  });
  it("brings a user who signed in on a 'practice' or 'passport' URL back there, not to a dashboard", () => {
    expect(returnsToPageAfterLogin('/practice/riverside')).toBe(true);
    expect(returnsToPageAfterLogin('/Vaccine-Passport')).toBe(true);
    expect(returnsToPageAfterLogin('/provider-search?zip=10017')).toBe(false);
  });
});

describe('login screen variants of §2.7', () => {
  it('tells the passport, feedback and plain variants apart by the URL', () => {
    expect(loginVariant('/vaccine-passport/login')).toEqual({ kind: 'passport' });
    expect(loginVariant('/patient-review/appointments/apt-7/login')).toEqual({
      kind: 'feedback',
      appointmentId: 'apt-7',
    });
    expect(loginVariant('/login')).toEqual({ kind: 'default' });
    expect(loginVariant('/account')).toEqual({ kind: 'default' });
  });
  it("sends 'Create New Account' to the review's sign-up in the feedback variant, else to the activation-code question", () => {
    expect(createAccountPath({ kind: 'feedback', appointmentId: 'apt-7' })).toBe(
      '/patient-review/appointments/apt-7/signup',
    );
    expect(createAccountPath({ kind: 'passport' })).toBe('/account/activation-code-question');
    expect(createAccountPath({ kind: 'default' })).toBe('/account/activation-code-question');
  });
  it('keeps password recovery on the path family of the login (§2.8)', () => {
    expect(forgotPasswordPath({ kind: 'default' }, '/login')).toBe('/forgot-password');
    expect(forgotPasswordPath({ kind: 'default' }, '/account')).toBe('/account/forgot-password');
    expect(
      forgotPasswordPath({ kind: 'feedback', appointmentId: '9' }, '/patient-review/appointments/9/login'),
    ).toBe('/patient-review/appointments/9/forgot-password');
  });
  it('brings the user back to the passport or the review after signing in; the plain login uses the landing table', () => {
    expect(returnAfterLogin({ kind: 'passport' })).toBe('/vaccine-passport');
    expect(returnAfterLogin({ kind: 'feedback', appointmentId: '9' })).toBe('/patient-review/appointments/9');
    expect(returnAfterLogin({ kind: 'default' })).toBeNull();
  });
});
