import { describe, expect, it } from 'vitest';
import { CONDITIONS, seeDoctorNowUrl, SPECIALTY_TILES, tileSearchUrl } from './tiles';

const params = (url: string) => new URLSearchParams(url.split('?')[1]);

describe('home tiles', () => {
  it('maps each specialty label to the search value of the spec', () => {
    expect(SPECIALTY_TILES.map((tile) => [tile.key, tile.value])).toEqual([
      ['primaryCare', 'Internist'],
      ['cardiology', 'Cardiologist (Heart Doctor)'],
      ['neurology', 'Neurologist'],
      ['dermatology', 'Dermatologist'],
      ['gastroenterology', 'Gastroenterologist'],
      ['psychiatry', 'Psychiatrist'],
      ['nephrology', 'Nephrologist'],
      ['orthopedics', 'Orthopedic Surgeon'],
      ['painMedicine', 'Pain Management Specialist'],
      ['obgyn', 'OB-GYN (Obstetrician-Gynecologist)'],
    ]);
  });

  it('maps each condition label to the search value of the spec', () => {
    expect(CONDITIONS.map((tile) => tile.value)).toEqual([
      'Cold',
      'Acne',
      'Back Pain',
      'Diabetes Consultation',
      'Ear Infection',
      'Annual Physical',
      'Birth Control / Contraception',
      'Stomach Pain',
      'Urinary Tract Infection (UTI)',
      'Headache',
    ]);
  });

  it('a specialty tile searches the specialty for today, page 1 of 5, without a condition', () => {
    const url = tileSearchUrl(SPECIALTY_TILES[1]!, '2026-11-22');
    expect(url.startsWith('/provider-search?')).toBe(true);
    const query = params(url);
    expect(query.getAll('specialty[]')).toEqual(['Cardiologist (Heart Doctor)']);
    expect(query.has('condition')).toBe(false);
    expect([query.get('date'), query.get('page_no'), query.get('page_size')]).toEqual([
      '2026-11-22',
      '1',
      '5',
    ]);
  });

  it('a condition tile searches the condition without a specialty', () => {
    const query = params(tileSearchUrl(CONDITIONS[8]!, '2026-11-22'));
    expect(query.get('condition')).toBe('Urinary Tract Infection (UTI)');
    expect(query.has('specialty[]')).toBe(false);
  });

  it('See a doctor now sends no specialty and no condition', () => {
    const query = params(seeDoctorNowUrl('2026-11-22'));
    expect(query.has('specialty[]')).toBe(false);
    expect(query.has('condition')).toBe(false);
    expect(query.get('date')).toBe('2026-11-22');
  });
});
