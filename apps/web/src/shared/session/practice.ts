import { useSyncExternalStore } from 'react';
import type {
  CustomForm,
  HealthcareService,
  Location,
  Organization,
  Practitioner,
  ServiceType,
} from '@careslot/contracts';

/**
 * The practice state of practice-portal.md §4.4: the signed-in practice user's organization and what the
 * practice side reads from it. The identity feature fills it at sign-in (practiceadmin, staff or provider
 * with an OrganizationId) and empties it at sign-out; every other part only reads.
 */
export interface PracticeState {
  organizationId: string | null;
  organization: Organization | null;
  locations: Location[];
  practitioners: Practitioner[];
  healthCareServices: HealthcareService[];
  /** The practice's service types (booking reasons). */
  serviceTypes: ServiceType[];
  /** The practice's assessment forms. */
  assessmentForms: CustomForm[];
}

export const EMPTY_PRACTICE: PracticeState = {
  organizationId: null,
  organization: null,
  locations: [],
  practitioners: [],
  healthCareServices: [],
  serviceTypes: [],
  assessmentForms: [],
};

let state: PracticeState = EMPTY_PRACTICE;
const listeners = new Set<() => void>();

export function setPractice(next: PracticeState) {
  state = next;
  listeners.forEach((listener) => listener());
}

export function getPractice(): PracticeState {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePractice(): PracticeState {
  return useSyncExternalStore(subscribe, getPractice, getPractice);
}
