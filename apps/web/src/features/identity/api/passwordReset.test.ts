import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { ApiError } from '../../../shared/api/client';
import { recoveryErrorKey } from './passwordReset';
import en from '../../../locales/en/identity.json';
import es from '../../../locales/es/identity.json';
import ja from '../../../locales/ja/identity.json';
import ko from '../../../locales/ko/identity.json';
import vi from '../../../locales/vi/identity.json';
import zhCN from '../../../locales/zh-CN/identity.json';

describe('a refused common password at reset', () => {
  it('is told as the common-password rule, in all six languages', async () => {
    const refused = new ApiError(400, 'Bad Request', [
      {
        field: 'body.NewPassword',
        rule: 'common_password',
        message: 'must not be a common or breached password',
      },
    ]);
    const key = recoveryErrorKey(refused);
    expect(key).toBe('recovery.errors.passwordCommon');
    const texts = await Promise.all(
      Object.entries({ en, es, ja, ko, vi, 'zh-CN': zhCN }).map(async ([lng, bundle]) => {
        const instance = i18n.createInstance();
        await instance.init({
          lng,
          resources: { [lng]: { identity: bundle } },
          ns: ['identity'],
          defaultNS: 'identity',
        });
        return instance.t(key);
      }),
    );
    for (const text of texts) expect(text).not.toBe(key);
    expect(new Set(texts).size).toBe(6);
  });
});
