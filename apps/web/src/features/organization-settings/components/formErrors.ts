import type { z } from 'zod';
import { ApiError } from '../../../shared/api/client';

/**
 * Form messages from the contracts' zod schemas (the server validates with the same ones) and from a 400's
 * field issues. A message is an i18n key of the organizationSettings namespace plus its values: it names the
 * rule; the input's own label names the field.
 */
export interface FieldMessage {
  key: string;
  values?: Record<string, unknown>;
}
export type FieldErrors = Record<string, FieldMessage>;

/** Format rules whose message depends on the field (by the last segment of its path). */
function formatKey(path: string): string {
  const last =
    path
      .split('.')
      .filter((p) => !/^\d+$/.test(p))
      .at(-1) ?? '';
  if (/ZipCode$/.test(last)) return 'validation.zip';
  if (/City$/.test(last)) return 'validation.city';
  if (/State$/.test(last)) return 'validation.state';
  if (/Email|Emails/.test(last)) return 'validation.email';
  if (/Phone$/.test(last)) return 'validation.phone';
  if (/Website$/.test(last)) return 'validation.website';
  return 'validation.invalid';
}

function messageOf(issue: z.core.$ZodIssue, path: string): FieldMessage {
  switch (issue.code) {
    case 'too_big':
      return issue.origin === 'array'
        ? { key: 'validation.tooMany', values: { max: Number(issue.maximum) } }
        : issue.origin === 'number'
          ? { key: 'validation.range', values: { max: Number(issue.maximum) } }
          : { key: 'validation.tooLong', values: { max: Number(issue.maximum) } };
    case 'too_small':
      return issue.origin === 'number'
        ? { key: 'validation.min', values: { min: Number(issue.minimum) } }
        : { key: 'validation.required' };
    default:
      return { key: formatKey(path) };
  }
}

/** Validates with the schema; the first message of each field, by its dotted path. */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= messageOf(issue, path);
  }
  return { ok: false, errors };
}

const SERVER_RULES: Record<string, string> = {
  unknown_zip: 'validation.unknownZip',
  matches_zip: 'validation.matchesZip',
  exists: 'validation.exists',
  file_type: 'validation.fileType',
  file_size: 'validation.fileSize',
  // 409: a practice name another practice holds (issue 24 item 5).
  unique: 'validation.nameTaken',
};

/** A 400's or 409's issues as field messages (paths without the 'body.' prefix); null for any other failure. */
export function serverErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || ![400, 409].includes(error.status) || error.issues.length === 0)
    return null;
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.field.replace(/^body\./, '');
    errors[path] ??= SERVER_RULES[issue.rule]
      ? { key: SERVER_RULES[issue.rule]! }
      : issue.rule === 'too_big'
        ? { key: 'validation.invalid' }
        : { key: formatKey(path) };
  }
  return errors;
}

/** Reads a chosen file as the upload body the server takes (base64, no data: prefix). */
export function fileToUpload(file: File): Promise<{ Name: string; ContentType: string; Data: string }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.onload = () => {
      const text = typeof reader.result === 'string' ? reader.result : '';
      resolve({ Name: file.name, ContentType: file.type, Data: text.slice(text.indexOf(',') + 1) });
    };
    reader.readAsDataURL(file);
  });
}
