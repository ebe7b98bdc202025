import type { Language } from '@careslot/contracts';
import { escapeHtml, translator } from './login-page';
import { INTERACTION_PATH, REALM_PATH } from './oidc';

/** The realm's pages of the second step of a sign-in (decision 0105): the code, enrolment, recovery codes. */

export const MFA_FORM_PATH = (uid: string, step: 'otp' | 'continue') =>
  `${INTERACTION_PATH}/${encodeURIComponent(uid)}/${step}`;

function page(language: Language, title: string, body: string): string {
  const t = translator(language);
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - CareSlot</title>
<link rel="icon" href="/favicon.svg">
<link rel="stylesheet" href="${REALM_PATH}/login.css">
</head>
<body>
<header class="brand"><a href="/" aria-label="${escapeHtml(t('home'))}"><img class="logo" src="/favicon.svg" alt="" width="32" height="32"> Care<span class="slot">Slot</span></a></header>
<main class="card">
${body}
</main>
<footer><p>${escapeHtml(t('footer'))}</p></footer>
</body>
</html>`;
}

export interface MfaPageInput {
  uid: string;
  language: Language;
  /** A key of the mfa messages: invalid, expired; or the login page's locked. */
  error?: string | undefined;
  /** Enrolment: the QR code (SVG markup made by the server) and the key to type in. */
  enrol?: { qrSvg: string; secret: string } | undefined;
}

/** Asks the 6-digit code (or a recovery code); with `enrol`, first shows the QR code to scan. */
export function mfaPage({ uid, language, error, enrol }: MfaPageInput): string {
  const t = translator(language);
  const errorHtml = error
    ? `<p class="error" role="alert" id="form-error">${escapeHtml(t(error === 'locked' ? 'locked' : `mfa.${error}`))}</p>`
    : '';
  const described = error ? ' aria-describedby="form-error" aria-invalid="true"' : '';
  const heading = t(enrol ? 'mfa.enrolHeading' : 'mfa.heading');
  const enrolHtml = enrol
    ? `<p>${escapeHtml(t('mfa.enrolLead'))}</p>
<figure class="qr" role="img" aria-label="${escapeHtml(t('mfa.qr'))}">${enrol.qrSvg}</figure>
<p class="hint">${escapeHtml(t('mfa.secret'))} <code id="totp-secret">${escapeHtml(enrol.secret)}</code></p>`
    : `<p>${escapeHtml(t('mfa.lead'))}</p>`;
  return page(
    language,
    heading,
    `<h1>${escapeHtml(heading)}</h1>
${errorHtml}
${enrolHtml}
<form method="post" action="${MFA_FORM_PATH(uid, 'otp')}" novalidate>
<input type="hidden" name="lang" value="${language}">
<label for="code">${escapeHtml(t('mfa.code'))}</label>
<input id="code" name="code" type="text" inputmode="${enrol ? 'numeric' : 'text'}" autocomplete="one-time-code" maxlength="20" required autofocus${described}>
${enrol ? '' : `<p class="hint">${escapeHtml(t('mfa.recoveryHint'))}</p>`}
<button type="submit">${escapeHtml(t(enrol ? 'mfa.enrolSubmit' : 'mfa.submit'))}</button>
</form>`,
  );
}

/** The recovery codes, shown once after enrolment at sign-in, then on to the product. */
export function recoveryCodesPage(uid: string, language: Language, codes: readonly string[]): string {
  const t = translator(language);
  return page(
    language,
    t('mfa.codesHeading'),
    `<h1>${escapeHtml(t('mfa.codesHeading'))}</h1>
<p>${escapeHtml(t('mfa.codesLead'))}</p>
<ul class="codes" id="recovery-codes">${codes.map((code) => `<li><code>${escapeHtml(code)}</code></li>`).join('')}</ul>
<form method="post" action="${MFA_FORM_PATH(uid, 'continue')}">
<input type="hidden" name="lang" value="${language}">
<button type="submit">${escapeHtml(t('mfa.continue'))}</button>
</form>`,
  );
}

export const MFA_CSS = `
.qr { margin: 12px auto; width: 200px; }
.qr svg { width: 200px; height: 200px; display: block; }
.hint { color: var(--muted); font-size: 14px; margin: 6px 0; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; word-break: break-all; }
.codes { columns: 2; list-style: none; padding: 0; margin: 12px 0; font-size: 15px; }
.codes li { padding: 2px 0; }
`;
