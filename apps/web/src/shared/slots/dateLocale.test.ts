// fresh-modules: it checks the first load of the date words (apps/web/test-projects.ts).
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { dateLocale } from './dateLocale';
import { formatDay } from './slotDates';
import { loadDateLocale } from './dateLocales';

describe('date words per language', () => {
  it('answers English until a language is loaded, then that language', async () => {
    expect(dateLocale('ko').code).toBe('en-US');
    await loadDateLocale('ko');
    expect(dateLocale('ko').code).toBe('ko');
    expect(dateLocale('en').code).toBe('en-US');
    expect(dateLocale('xx').code).toBe('en-US');
  });

  it('come with the translations of the screens that write dates', async () => {
    if (!i18next.isInitialized) await initI18n('en');
    expect(dateLocale('vi').code).toBe('en-US');
    await i18next.changeLanguage('vi');
    await i18next.loadNamespaces('slots');
    expect(dateLocale('vi').code).toBe('vi');
    expect(formatDay('2026-11-24', 'EEEE', dateLocale('vi'))).toBe('Thứ Ba');
    expect(dateLocale('ja').code).toBe('en-US');
    await i18next.changeLanguage('ja');
    expect(dateLocale('ja').code).toBe('ja');
    await i18next.changeLanguage('en');
  });
});
