import { describe, expect, it } from 'vitest';
import { localIsoDate, providerSearchUrl } from './providerSearchUrl';

function query(url: string) {
  const [path, search] = url.split('?');
  return { path, params: new URLSearchParams(search) };
}

describe('providerSearchUrl', () => {
  it('writes a specialty as specialty[] with the date and the default page of 5', () => {
    const { path, params } = query(
      providerSearchUrl({ specialties: ['Cardiologist (Heart Doctor)'], date: '2026-11-22' }),
    );
    expect(path).toBe('/provider-search');
    expect(params.getAll('specialty[]')).toEqual(['Cardiologist (Heart Doctor)']);
    expect(params.get('condition')).toBeNull();
    expect(params.get('date')).toBe('2026-11-22');
    expect(params.get('page_no')).toBe('1');
    expect(params.get('page_size')).toBe('5');
  });

  it('writes a condition without any specialty', () => {
    const { params } = query(
      providerSearchUrl({ condition: 'Urinary Tract Infection (UTI)', date: '2026-11-22' }),
    );
    expect(params.get('condition')).toBe('Urinary Tract Infection (UTI)');
    expect(params.has('specialty[]')).toBe(false);
  });

  it('builds the footer search-by-specialty link: walk-in tele visits off, page 1 of 15', () => {
    const { params } = query(
      providerSearchUrl({ specialties: [], date: '2026-11-22', walkInTeleVisitEnabled: false, pageSize: 15 }),
    );
    expect(Object.fromEntries(params)).toEqual({
      date: '2026-11-22',
      walk_in_tele_visit_enabled: 'false',
      page_no: '1',
      page_size: '15',
    });
  });
});

describe('localIsoDate', () => {
  it('uses the local calendar day, padded', () => {
    expect(localIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
