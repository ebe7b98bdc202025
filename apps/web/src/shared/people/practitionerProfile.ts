import {
  PEOPLE_PATHS,
  type Practitioner,
  type PractitionerProfileInput,
  type PractitionerSettings,
} from '@careslot/contracts';
import { formatPhone, personIssues, type PersonFields } from '@careslot/domain';
import { ApiError, apiRequest } from '../api/client';

/**
 * A practitioner's profile as its two forms hold it (decision 0073): the practice admin's person dialog and
 * the provider's own Edit Profile page. Both check it with the spec's rules of packages/domain before the
 * call and show the server's 400 on the same fields.
 */
export interface ProfileValues extends PersonFields {
  Suffix: string;
  Phone: string;
  Npi: string;
  DeaNumber: string;
  SpecialtyIds: string[];
  Languages: string[];
  BoardCertifications: string[];
  HospitalAffiliations: string[];
  HidePublicProfile: boolean;
}

export const EMPTY_PROFILE: ProfileValues = {
  FirstName: '',
  LastName: '',
  Suffix: '',
  Email: '',
  Phone: '',
  Npi: '',
  DeaNumber: '',
  SpecialtyIds: [],
  Languages: [],
  BoardCertifications: [],
  HospitalAffiliations: [],
  HidePublicProfile: false,
};

/** A practitioner's public record and private settings (e-mail, phone, DEA, certifications...). */
export interface PractitionerDetails {
  practitioner: Practitioner;
  settings: PractitionerSettings;
}

type Envelope<T> = { status_code: number; message: string; data: T };

/** Reads both halves of a practitioner at once. */
export async function fetchPractitionerDetails(
  id: string,
  signal?: AbortSignal,
): Promise<PractitionerDetails> {
  const [practitioner, settings] = await Promise.all([
    apiRequest<Practitioner>(`${PEOPLE_PATHS.practitioner}/${id}`, { signal }),
    apiRequest<Envelope<PractitionerSettings>>(PEOPLE_PATHS.settings, {
      method: 'POST',
      body: { PractitionerId: id },
      signal,
    }),
  ]);
  return { practitioner, settings: settings.data };
}

export function profileValuesOf({ practitioner: p, settings: s }: PractitionerDetails): ProfileValues {
  const name = p.Name[0];
  return {
    FirstName: name?.Given.join(' ') ?? '',
    LastName: name?.Family ?? '',
    Suffix: name?.Suffix ?? '',
    Email: s.Email ?? '',
    Phone: s.Phone ? formatPhone(s.Phone) : '',
    Npi: p.Npi ?? '',
    DeaNumber: s.DeaNumber ?? '',
    SpecialtyIds: p.Specialities.map((x) => x.Id),
    Languages: s.Languages,
    BoardCertifications: s.BoardCertifications,
    HospitalAffiliations: s.HospitalAffiliations,
    HidePublicProfile: s.HidePublicProfile,
  };
}

/** The body of the profile calls: empty optional fields travel as null. */
export function profileInput(values: ProfileValues): PractitionerProfileInput {
  return {
    FirstName: values.FirstName,
    LastName: values.LastName,
    Suffix: values.Suffix || null,
    Email: values.Email,
    Phone: values.Phone || null,
    Npi: values.Npi || null,
    DeaNumber: values.DeaNumber || null,
    SpecialtyIds: values.SpecialtyIds,
    Languages: values.Languages,
    BoardCertifications: values.BoardCertifications,
    HospitalAffiliations: values.HospitalAffiliations,
    HidePublicProfile: values.HidePublicProfile,
  };
}

/** Field → the rule it failed; the fields show t(`errors.${rule}`, { field: t(`fields.${field}`), max }). */
export type ProfileErrors = Partial<Record<keyof ProfileValues, string>>;

const RULES = new Set(['required', 'max_length', 'pattern', 'npi', 'dea', 'unknown']);
const ruleOf = (rule: string) => (RULES.has(rule) ? rule : 'pattern');
export const maxLengthOf = (field: string) => (field === 'Suffix' ? 25 : 35);

/** The spec's rules (packages/domain people.ts) on the form, before it is sent. */
export function profileErrors(values: ProfileValues, options: { provider: boolean }): ProfileErrors {
  const errors: ProfileErrors = {};
  for (const issue of personIssues(values, options))
    errors[issue.field as keyof ProfileValues] ??= ruleOf(issue.rule);
  return errors;
}

/** A 400's issues as the form's errors (body.Npi → Npi); anything else is left to the caller's toast. */
export function profileServerErrors(error: unknown): ProfileErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400 || error.issues.length === 0) return null;
  const errors: ProfileErrors = {};
  for (const issue of error.issues) {
    const field = issue.field.replace(/^body\./, '').split('.')[0] as keyof ProfileValues;
    errors[field] ??= ruleOf(issue.rule);
  }
  return errors;
}
