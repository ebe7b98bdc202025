import { LANDING_SECTIONS, type DemoInterest, type LandingSection } from '@careslot/contracts';

export function sectionFromSearch(search: string): LandingSection | null {
  const value = new URLSearchParams(search).get('section');
  return (LANDING_SECTIONS as readonly string[]).includes(value ?? '') ? (value as LandingSection) : null;
}

/** The neighbour in the given direction; null past either end (the active section stays within 1..10). */
export function nextSection(section: LandingSection, direction: 1 | -1): LandingSection | null {
  return LANDING_SECTIONS[LANDING_SECTIONS.indexOf(section) + direction] ?? null;
}

/** The demo form preselects the interest of the section a visitor came from. */
export const SECTION_INTEREST: Partial<Record<LandingSection, DemoInterest>> = {
  'reputation-management': 'reputation_management_listings',
  messenger: 'messenger',
  'online-scheduling': 'online_scheduling',
  'digital-check-in': 'digital_check_in',
  telemedicine: 'telemedicine',
  'patient-surveys': 'patient_surveys',
  payments: 'payments',
  'continued-care': 'continued_care',
};
