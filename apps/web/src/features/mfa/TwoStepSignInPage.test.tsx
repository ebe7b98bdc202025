import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import i18next from 'i18next';
import { LANGUAGES, type MfaStatus } from '@careslot/contracts';
import { renderRoute, setupI18n } from '../../testing/render';
import { TwoStepSignInPage } from './TwoStepSignInPage';
import en from '../../locales/en/mfa.json';
import es from '../../locales/es/mfa.json';
import ja from '../../locales/ja/mfa.json';
import ko from '../../locales/ko/mfa.json';
import vi_ from '../../locales/vi/mfa.json';
import zhCN from '../../locales/zh-CN/mfa.json';

/** The settings' second-factor screen (issue 24 item 6) in each of the six languages, from its locale files. */
const TEXTS = { en, es, ja, ko, vi: vi_, 'zh-CN': zhCN } as const;

function serve(status: MfaStatus) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) =>
      String(url).endsWith('/mfa/totp') && init?.method === 'POST'
        ? Response.json({
            status_code: 200,
            message: 'OK',
            data: { Secret: 'JBSWY3DPEHPK3PXP', OtpauthUri: 'otpauth://totp/x', QrSvg: '<svg></svg>' },
          })
        : Response.json({ status_code: 200, message: 'OK', data: status }),
    ),
  );
}

const required = (RequiredBy: MfaStatus['RequiredBy']): MfaStatus => ({
  TotpEnrolled: false,
  RecoveryCodesLeft: 0,
  Required: RequiredBy !== null,
  RequiredBy,
});

describe('the two-step sign-in screen in six languages', () => {
  beforeAll(() => setupI18n(['common', 'mfa']));
  afterEach(() => vi.unstubAllGlobals());
  afterAll(() => i18next.changeLanguage('en'));

  it.each(LANGUAGES)(
    'in %s: says who requires it, starts the enrolment and asks a 6-digit code',
    async (language) => {
      await i18next.changeLanguage(language);
      await i18next.loadNamespaces(['common', 'mfa']);
      const texts = TEXTS[language];
      serve(required('role'));
      const view = renderRoute(<TwoStepSignInPage />);
      expect(await screen.findByRole('heading', { name: texts.heading })).toBeInTheDocument();
      expect(await screen.findByText(texts.requiredByRole)).toBeInTheDocument();
      expect(screen.queryByText(texts.required)).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: texts.start }));
      expect(await screen.findByText(texts.scan)).toBeInTheDocument();
      fireEvent.change(screen.getByLabelText(new RegExp(texts.code)), { target: { value: '12' } });
      fireEvent.click(screen.getByRole('button', { name: texts.confirm }));
      expect(await screen.findByText(texts.errors.format)).toBeInTheDocument();
      view.unmount();
    },
  );

  it("says the practice's requirement when it is the practice's", async () => {
    await i18next.changeLanguage('en');
    serve(required('practice'));
    renderRoute(<TwoStepSignInPage />);
    expect(await screen.findByText(en.required)).toBeInTheDocument();
    expect(screen.queryByText(en.requiredByRole)).toBeNull();
  });
});
