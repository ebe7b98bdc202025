import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@careslot/contracts';

const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

type Flat = Map<string, string>;

function flatten(value: unknown, prefix = '', into: Flat = new Map()): Flat {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

const byNamespace = new Map<string, Map<string, Flat>>();
for (const [path, content] of Object.entries(files)) {
  const [, language, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path)!;
  if (!byNamespace.has(namespace!)) byNamespace.set(namespace!, new Map());
  byNamespace.get(namespace!)!.set(language!, flatten(content));
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('has the common namespace', () => {
    expect(byNamespace.has('common')).toBe(true);
  });

  describe.each([...byNamespace.keys()])('namespace %s', (namespace) => {
    const languages = byNamespace.get(namespace)!;
    const english = languages.get('en')!;

    it('exists in all six languages', () => {
      expect([...languages.keys()].sort()).toEqual([...LANGUAGES].sort());
    });

    it.each(LANGUAGES.filter((l) => l !== 'en'))(
      'has the same keys and placeholders in %s as in English, none empty',
      (language) => {
        const translated = languages.get(language)!;
        expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
        for (const [key, text] of translated) {
          expect(text.trim(), `${language}/${namespace}:${key}`).not.toBe('');
          expect(placeholders(text), `${language}/${namespace}:${key}`).toEqual(
            placeholders(english.get(key)!),
          );
        }
      },
    );
  });
});
