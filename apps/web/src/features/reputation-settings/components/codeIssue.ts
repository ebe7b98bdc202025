import { reputationCodeIssue } from '@careslot/contracts';
import type { TFunction } from 'i18next';

/**
 * The message of a key or business id that breaks its rule (practice-portal.md §5: 32 and 15 characters), naming
 * the field and the rule; the same check the server's schema runs (packages/contracts/src/reputation.ts).
 */
export function codeError(
  t: TFunction<'reputationSettings'>,
  field: 'apiKey' | 'businessId',
  value: string,
  length: number,
): string | null {
  const issue = reputationCodeIssue(value, length);
  if (!issue) return null;
  return t(`errors.${issue.rule === 'exact_length' ? 'exactLength' : 'alphanumeric'}`, {
    field: t(`fields.${field}`),
    length,
    count: value.length,
  });
}
