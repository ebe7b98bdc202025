import { personIssues, type PersonFields } from '@careslot/domain';
import { ApiError } from '../../../shared/api/client';

/** The form's values (strings and lists as the inputs hold them). */
export interface PersonFormValues extends PersonFields {
  Suffix: string;
  Phone: string;
  Npi: string;
  DeaNumber: string;
  SpecialtyIds: string[];
  Languages: string[];
  BoardCertifications: string[];
  HospitalAffiliations: string[];
  HidePublicProfile: boolean;
  PracticeAdmin: boolean;
}

export const EMPTY_PERSON: PersonFormValues = {
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
  PracticeAdmin: false,
};

/** Field → the rule it failed (the page shows t(`errors.${rule}`, { field: t(`fields.${field}`), max })). */
export type FieldErrors = Partial<Record<keyof PersonFormValues, string>>;

const RULES = new Set(['required', 'max_length', 'pattern', 'npi', 'dea', 'unknown']);
const ruleOf = (rule: string) => (RULES.has(rule) ? rule : 'pattern');
export const maxOf = (field: string) => (field === 'Suffix' ? 25 : 35);

/** The spec's rules (packages/domain people.ts) on the form, before it is sent. */
export function checkPerson(values: PersonFormValues, provider: boolean): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of personIssues(values, { provider })) {
    const field = issue.field as keyof PersonFormValues;
    errors[field] ??= ruleOf(issue.rule);
  }
  return errors;
}

/** A 400's issues as the form's errors (body.Npi → Npi); anything else is left to the toast. */
export function serverErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400 || error.issues.length === 0) return null;
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.field.replace(/^body\./, '').split('.')[0] as keyof PersonFormValues;
    errors[field] ??= ruleOf(issue.rule);
  }
  return errors;
}
