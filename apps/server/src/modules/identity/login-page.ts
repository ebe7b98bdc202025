import i18next, { type TFunction } from 'i18next';
import { LANGUAGES, type Language } from '@careslot/contracts';
import en from './locales/en.json';
import es from './locales/es.json';
import ja from './locales/ja.json';
import ko from './locales/ko.json';
import vi from './locales/vi.json';
import zhCN from './locales/zh-CN.json';
import { REALM_PATH } from './oidc';

const i18n = i18next.createInstance();
void i18n.init({
  initAsync: false,
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  resources: {
    en: { login: en },
    es: { login: es },
    'zh-CN': { login: zhCN },
    vi: { login: vi },
    ko: { login: ko },
    ja: { login: ja },
  },
  defaultNS: 'login',
  interpolation: { escapeValue: false },
});

/** The page language: the web app's ui_locales first, then the browser's Accept-Language, else English. */
export function pickLanguage(uiLocales: unknown, acceptLanguage: string | undefined): Language {
  const wanted = [
    ...(typeof uiLocales === 'string' ? uiLocales.split(/\s+/) : []),
    ...(acceptLanguage ?? '').split(',').map((part) => part.split(';')[0]!.trim()),
  ];
  for (const tag of wanted) {
    const exact = LANGUAGES.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const base = LANGUAGES.find((l) => l.split('-')[0] === tag.split('-')[0]?.toLowerCase());
    if (base) return base;
  }
  return 'en';
}

export function translator(language: Language): TFunction {
  return i18n.getFixedT(language, 'login');
}

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export interface LoginPageInput {
  uid: string;
  language: Language;
  email: string;
  /** A message key of the login namespace: invalid, locked, emailRequired, ... */
  error?: string | undefined;
  /** The social-login provider, when one is configured: its name and where its button leads. */
  social?: { name: string; href: string } | undefined;
}

/** The realm's own sign-in page, styled like the product (login.css) and translated. */
export function loginPage({ uid, language, email, error, social }: LoginPageInput): string {
  const t = translator(language);
  const errorHtml = error ? `<p class="error" role="alert" id="form-error">${escapeHtml(t(error))}</p>` : '';
  const described = error ? ' aria-describedby="form-error" aria-invalid="true"' : '';
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t('title'))}</title>
<link rel="icon" href="/favicon.svg">
<link rel="stylesheet" href="${REALM_PATH}/login.css">
</head>
<body>
<header class="brand"><a href="/" aria-label="${escapeHtml(t('home'))}"><img class="logo" src="/favicon.svg" alt="" width="32" height="32"> Care<span class="slot">Slot</span></a></header>
<main class="card">
<h1>${escapeHtml(t('heading'))}</h1>
${errorHtml}
<form method="post" action="${INTERACTION_FORM_PATH(uid)}" novalidate>
<input type="hidden" name="lang" value="${language}">
<label for="username">${escapeHtml(t('email'))}</label>
<input id="username" name="username" type="email" autocomplete="username" maxlength="320" required value="${escapeHtml(email)}"${described}>
<label for="password">${escapeHtml(t('password'))}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}>
<button type="submit">${escapeHtml(t('submit'))}</button>
</form>
${social ? `<p class="or">${escapeHtml(t('social.or'))}</p><a class="social" href="${escapeHtml(social.href)}">${escapeHtml(t('social.login', { name: social.name }))}</a>` : ''}
<p class="links"><a href="/forgot-password">${escapeHtml(t('forgot'))}</a> · <a href="/account/activation-code-question">${escapeHtml(t('create'))}</a></p>
</main>
<footer><p>${escapeHtml(t('footer'))}</p><p><a href="/privacy-policy">${escapeHtml(t('privacy'))}</a> · <a href="/terms-of-use">${escapeHtml(t('terms'))}</a></p></footer>
</body>
</html>`;
}

export const INTERACTION_FORM_PATH = (uid: string) =>
  `${REALM_PATH}/login-actions/${encodeURIComponent(uid)}/login`;

export const LOGIN_CSS = `
:root { color-scheme: light; --brand: #0b6e6e; --ink: #1d2433; --muted: #5b6475; --line: #d5dae3; --error: #b42318; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: flex; flex-direction: column; align-items: center; gap: 24px;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK SC", sans-serif;
  color: var(--ink); background: linear-gradient(180deg, #eef6f6 0%, #f7f8fa 60%); padding: 24px 16px; }
.brand a { display: inline-flex; align-items: center; gap: 8px; font-weight: 700; font-size: 22px; color: var(--ink); text-decoration: none; }
.logo { width: 32px; height: 32px; }
.slot { color: var(--brand); margin-left: -8px; }
.card { width: 100%; max-width: 420px; background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 32px 28px;
  box-shadow: 0 8px 24px rgba(16, 24, 40, 0.08); }
h1 { font-size: 22px; margin: 0 0 20px; }
form { display: flex; flex-direction: column; gap: 6px; }
label { font-weight: 600; font-size: 14px; margin-top: 10px; }
input { font: inherit; padding: 10px 12px; border: 1px solid var(--line); border-radius: 8px; }
input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid #7cc4c4; outline-offset: 2px; }
input[aria-invalid="true"] { border-color: var(--error); }
button { margin-top: 20px; font: inherit; font-weight: 600; padding: 11px 16px; border: 0; border-radius: 8px; background: var(--brand); color: #fff; cursor: pointer; }
button:hover { background: #095c5c; }
.error { color: var(--error); background: #fef3f2; border: 1px solid #fecdca; border-radius: 8px; padding: 10px 12px; margin: 0 0 8px; }
.links { margin: 20px 0 0; font-size: 14px; text-align: center; }
a { color: var(--brand); }
.or { text-align: center; color: var(--muted); margin: 16px 0 8px; font-size: 14px; }
.social { display: block; text-align: center; font-weight: 600; padding: 10px 16px; border: 1px solid var(--line); border-radius: 8px; color: var(--ink); text-decoration: none; }
.social:hover { background: #f2f4f7; }
footer { text-align: center; color: var(--muted); font-size: 14px; }
footer p { margin: 4px 0; }
`;

export const LOGOUT_JS = `document.forms[0] && document.forms[0].submit();`;
