import { describe, expect, it } from 'vitest';
import { LANDING_SECTIONS } from '@careslot/contracts';
import { nextSection, sectionFromSearch } from './sections';

describe('landing sections', () => {
  it('has the ten sections in the order of the spec', () => {
    expect(LANDING_SECTIONS).toEqual([
      'home',
      'reputation-management',
      'messenger',
      'online-scheduling',
      'digital-check-in',
      'telemedicine',
      'patient-surveys',
      'payments',
      'continued-care',
      'request-demo',
    ]);
  });

  it('reads the section query parameter and ignores unknown names', () => {
    expect(sectionFromSearch('?section=payments')).toBe('payments');
    expect(sectionFromSearch('?utm_source=ad&section=request-demo')).toBe('request-demo');
    expect(sectionFromSearch('?section=pricing')).toBeNull();
    expect(sectionFromSearch('')).toBeNull();
  });

  it('keeps the active section between the first and the tenth', () => {
    expect(nextSection('home', -1)).toBeNull();
    expect(nextSection('home', 1)).toBe('reputation-management');
    expect(nextSection('continued-care', 1)).toBe('request-demo');
    expect(nextSection('request-demo', 1)).toBeNull();
  });
});
