import { useMutation } from '@tanstack/react-query';
import { demoRequestInputSchema, type DemoRequestInput } from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

export const DEMO_REQUESTS_PATH = '/careslot-marketing/api/v1/demo-requests';

/** The form checks with the same schema the server applies; these are the fields it can name. */
export type DemoField = 'name' | 'practice' | 'email' | 'phone' | 'interests' | 'message';
export type FieldErrors = Partial<Record<DemoField, string>>;

const FIELDS: DemoField[] = ['name', 'practice', 'email', 'phone', 'interests', 'message'];

/** The translation key for a failed rule of a field (rule names are zod's issue codes, as the server's 400 gives them). */
export function errorKey(field: DemoField, rule: string): string {
  if (rule === 'too_big') return field === 'phone' ? 'demo.errors.phoneInvalid' : 'demo.errors.tooLong';
  if (rule === 'too_small' || rule === 'invalid_type') return `demo.errors.${field}Required`;
  if (field === 'name') return 'demo.errors.nameInvalid';
  if (field === 'email') return 'demo.errors.emailInvalid';
  if (field === 'phone') return 'demo.errors.phoneInvalid';
  return `demo.errors.${field}Required`;
}

/** Field → first failed rule, from a list of issues whose field may be prefixed ('body.email') or indexed ('interests.0'). */
export function errorsFrom(issues: { field: string; rule: string }[]): Partial<Record<DemoField, string>> {
  const result: Partial<Record<DemoField, string>> = {};
  for (const issue of issues) {
    const field = FIELDS.find(
      (f) => issue.field === f || issue.field.startsWith(`body.${f}`) || issue.field.startsWith(`${f}.`),
    );
    if (field && !result[field]) result[field] = errorKey(field, issue.rule);
  }
  return result;
}

export function validateDemoRequest(input: DemoRequestInput): FieldErrors {
  const parsed = demoRequestInputSchema.safeParse(input);
  if (parsed.success) return {};
  return errorsFrom(parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), rule: issue.code })));
}

export function useSubmitDemoRequest() {
  return useMutation({
    mutationFn: (input: DemoRequestInput) =>
      apiRequest<{ message: string }>(DEMO_REQUESTS_PATH, { method: 'POST', body: input }),
  });
}
