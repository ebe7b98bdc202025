import type { Language } from '@careslot/contracts';
import { GENDERS } from '@careslot/contracts';
import { escapeHtml, translator } from './login-page';
import { REALM_PATH } from './oidc';
import type { RegistrationErrors, RegistrationField, RegistrationForm } from './registration';

export const REGISTRATION_FORM_PATH = (uid: string) =>
  `${REALM_PATH}/login-actions/${encodeURIComponent(uid)}/register`;

export interface RegistrationPageInput {
  uid: string;
  language: Language;
  values: Partial<RegistrationForm>;
  errors?: RegistrationErrors;
  /** A message key shown above the form (e.g. the e-mail is taken). */
  formError?: string | undefined;
  /** Where the registration was started (initiate_url), for the Cancel link; checked by the caller. */
  cancelUrl: string;
  /**
   * The social sign-up: the rest of a new account whose identity a social-login provider vouched for. The
   * e-mail is the provider's (read-only), there is no password, and the form posts to the broker.
   */
  social?: { providerName: string; action: string } | undefined;
}

/**
 * The realm's registration page (prompt=create), styled and translated like its login page. Plain HTML
 * with no script: the rules of §5.1 are checked on the server and each message sits under its field.
 */
export function registrationPage({
  uid,
  language,
  values,
  errors = {},
  formError,
  cancelUrl,
  social,
}: RegistrationPageInput): string {
  const t = translator(language);
  const value = (field: RegistrationField) => escapeHtml(values[field] ?? '');
  const fieldError = (field: RegistrationField) =>
    errors[field] ? `<p class="field-error" id="${field}-error">${escapeHtml(t(errors[field]))}</p>` : '';
  const described = (field: RegistrationField, hint?: string) => {
    const ids = [hint, errors[field] ? `${field}-error` : undefined].filter(Boolean).join(' ');
    return `${ids ? ` aria-describedby="${ids}"` : ''}${errors[field] ? ' aria-invalid="true"' : ''}`;
  };
  const input = (
    field: RegistrationField,
    label: string,
    attributes: string,
    hint?: { id: string; text: string },
  ) => `<div class="field">
<label for="${field}">${escapeHtml(label)}</label>
${hint ? `<p class="hint" id="${hint.id}">${escapeHtml(hint.text)}</p>` : ''}
<input id="${field}" name="${field}" ${attributes} value="${value(field)}"${described(field, hint?.id)}>
${fieldError(field)}</div>`;
  const genderOptions = [
    `<option value="">${escapeHtml(t('registration.genderNone'))}</option>`,
    ...GENDERS.map(
      (g) =>
        `<option value="${g}"${values.gender === g ? ' selected' : ''}>${escapeHtml(t(`registration.gender${g}`))}</option>`,
    ),
  ].join('');
  const checkbox = (field: 'eula' | 'oha', href: string, linkText: string) => `<div class="field check">
<input type="checkbox" id="${field}" name="${field}"${values[field] === 'on' ? ' checked' : ''}${described(field)}>
<label for="${field}">${escapeHtml(t('registration.agree'))} <a href="${href}" target="_blank" rel="noopener">${escapeHtml(linkText)}</a></label>
${fieldError(field)}</div>`;
  const formErrorHtml = formError
    ? `<p class="error" role="alert" id="form-error">${escapeHtml(t(formError))}</p>`
    : Object.keys(errors).length > 0
      ? `<p class="error" role="alert" id="form-error">${escapeHtml(t('registration.errors.summary'))}</p>`
      : '';

  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t('registration.title'))}</title>
<link rel="icon" href="/favicon.svg">
<link rel="stylesheet" href="${REALM_PATH}/login.css">
</head>
<body>
<header class="brand"><a href="/" aria-label="${escapeHtml(t('home'))}"><img class="logo" src="/favicon.svg" alt="" width="32" height="32"> Care<span class="slot">Slot</span></a></header>
<main class="card wide">
<h1>${escapeHtml(t(social ? 'social.heading' : 'registration.heading'))}</h1>
<p class="lead">${escapeHtml(social ? t('social.lead', { name: social.providerName }) : t('registration.lead'))}</p>
${formErrorHtml}
<form method="post" action="${social ? escapeHtml(social.action) : REGISTRATION_FORM_PATH(uid)}" novalidate>
<input type="hidden" name="lang" value="${language}">
<div class="row">
${input('given_name', t('registration.givenName'), 'type="text" autocomplete="given-name" maxlength="35" required')}
${input('family_name', t('registration.familyName'), 'type="text" autocomplete="family-name" maxlength="35" required')}
</div>
${input('email', t('email'), `type="email" autocomplete="email" maxlength="320" required${social ? ' readonly' : ''}`)}
<div class="row">
${input('mobile_number', t('registration.mobile'), 'type="tel" autocomplete="tel-national" inputmode="tel" maxlength="17"', { id: 'mobile-hint', text: t('registration.mobileHint') })}
${input('dob', t('registration.dob'), 'type="text" inputmode="numeric" autocomplete="bday" maxlength="10" placeholder="MM/DD/YYYY" required', { id: 'dob-hint', text: t('registration.dobHint') })}
</div>
<div class="field">
<label for="gender">${escapeHtml(t('registration.gender'))}</label>
<select id="gender" name="gender"${described('gender')}>${genderOptions}</select>
${fieldError('gender')}</div>
${social ? '' : input('password', t('password'), 'type="password" autocomplete="new-password" maxlength="128" required', { id: 'password-hint', text: t('registration.passwordHint') })}
${social ? '' : input('confirm_password', t('registration.confirm'), 'type="password" autocomplete="new-password" maxlength="128" required')}
${checkbox('eula', '/terms-of-use-signup.pdf', t('terms'))}
${checkbox('oha', '/privacy-policy-signup.pdf', t('privacy'))}
<button type="submit">${escapeHtml(t('registration.submit'))}</button>
</form>
<p class="links">${escapeHtml(t('registration.haveAccount'))} <a href="/login">${escapeHtml(t('submit'))}</a> · <a href="${escapeHtml(cancelUrl)}">${escapeHtml(t('registration.cancel'))}</a></p>
</main>
<footer><p>${escapeHtml(t('footer'))}</p><p><a href="/privacy-policy">${escapeHtml(t('privacy'))}</a> · <a href="/terms-of-use">${escapeHtml(t('terms'))}</a></p></footer>
</body>
</html>`;
}

export const REGISTRATION_CSS = `
.card.wide { max-width: 560px; }
.lead { color: var(--muted); margin: -8px 0 16px; }
.field { display: flex; flex-direction: column; gap: 6px; min-width: 0; }
.row { display: grid; grid-template-columns: 1fr; gap: 0 16px; }
@media (min-width: 600px) { .row { grid-template-columns: 1fr 1fr; } }
.hint { margin: 0; font-size: 13px; color: var(--muted); }
.field-error { margin: 0; font-size: 13px; color: var(--error); }
select { font: inherit; padding: 10px 12px; border: 1px solid var(--line); border-radius: 8px; background: #fff; }
select[aria-invalid="true"] { border-color: var(--error); }
.check { flex-direction: row; flex-wrap: wrap; align-items: center; gap: 8px; margin-top: 12px; }
.check label { margin: 0; font-weight: 400; }
.check input { width: 18px; height: 18px; margin: 0; }
.check .field-error { flex-basis: 100%; }
`;
