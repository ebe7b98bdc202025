import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@careslot/contracts';
import { escapeHtml as html } from './login-page';
import { mfaPage, recoveryCodesPage } from './mfa-page';

/** The realm's second-factor screens (decision 0105) in each of the six languages, from their locale files. */

interface MfaTexts {
  heading: string;
  lead: string;
  code: string;
  recoveryHint: string;
  submit: string;
  invalid: string;
  enrolHeading: string;
  enrolLead: string;
  secret: string;
  enrolSubmit: string;
  codesHeading: string;
  codesLead: string;
  continue: string;
}

const textsOf = (language: Language): MfaTexts =>
  (
    JSON.parse(readFileSync(path.join(import.meta.dirname, 'locales', `${language}.json`), 'utf8')) as {
      mfa: MfaTexts;
    }
  ).mfa;

describe('the second-factor screens in six languages', () => {
  const english = textsOf('en');

  it.each(LANGUAGES)('asks the code in %s, with its error, and no English left over', (language) => {
    const texts = textsOf(language);
    const page = mfaPage({ uid: 'abc', language, error: 'invalid' });
    expect(page).toContain(`<html lang="${language}">`);
    for (const key of ['heading', 'lead', 'code', 'recoveryHint', 'submit', 'invalid'] as const)
      expect(page, key).toContain(html(texts[key]));
    expect(page).toContain('role="alert"');
    expect(page).toContain('autocomplete="one-time-code"');
    if (language !== 'en')
      for (const key of ['heading', 'lead', 'recoveryHint', 'invalid'] as const)
        expect(page, key).not.toContain(html(english[key]));
  });

  it.each(LANGUAGES)('shows the enrolment and the recovery codes in %s', (language) => {
    const texts = textsOf(language);
    const enrol = mfaPage({ uid: 'abc', language, enrol: { qrSvg: '<svg></svg>', secret: 'ABCDEFGH' } });
    for (const key of ['enrolHeading', 'enrolLead', 'secret', 'enrolSubmit'] as const)
      expect(enrol, key).toContain(html(texts[key]));
    expect(enrol).toContain('id="totp-secret">ABCDEFGH<');
    const codes = recoveryCodesPage('abc', language, ['aaaa-bbbb-cc', 'dddd-eeee-ff']);
    for (const key of ['codesHeading', 'codesLead', 'continue'] as const)
      expect(codes, key).toContain(html(texts[key]));
    expect(codes).toContain('<code>aaaa-bbbb-cc</code>');
  });
});
