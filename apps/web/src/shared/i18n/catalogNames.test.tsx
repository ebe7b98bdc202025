import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import i18next from 'i18next';
import { setupI18n } from '../../testing/render';
import { useCatalogNames } from './catalogNames';

describe('catalog names in the patient language', () => {
  beforeAll(async () => {
    await setupI18n(['catalog']);
    await i18next.changeLanguage('es');
    await i18next.loadNamespaces(['catalog']);
  });
  afterAll(async () => {
    await i18next.changeLanguage('en');
  });

  it("gives a Spanish patient the catalog's visit reasons and specialties in Spanish, and a practice's own reason as written", () => {
    const { result } = renderHook(() => useCatalogNames());
    expect(result.current.reason('Video Visit')).toBe('Consulta por video');
    expect(result.current.reason('New Patient Visit')).toBe('Consulta de paciente nuevo');
    expect(result.current.reason('Knee check with Dr. Lee')).toBe('Knee check with Dr. Lee');
    expect(result.current.specialty('Pediatrician')).toBe('Pediatra');
  });
});
