import type { FastifyInstance } from 'fastify';
import { type FieldIssue, SAFE_TEXT_RULE, unsafeTextReason } from '@careslot/contracts';
import { badRequest } from './errors';

const MAX_ISSUES = 10;

/** Every text of a parsed request part (keys and values, at any depth) that cannot be stored, by field path. */
export function unsafeTextIssues(value: unknown, field: string, issues: FieldIssue[] = []): FieldIssue[] {
  if (issues.length >= MAX_ISSUES) return issues;
  if (typeof value === 'string') {
    const reason = unsafeTextReason(value);
    if (reason) issues.push({ field, rule: SAFE_TEXT_RULE, message: `${SAFE_TEXT_RULE}: ${reason}` });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => unsafeTextIssues(item, `${field}.${index}`, issues));
  } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      const keyReason = unsafeTextReason(key);
      if (keyReason)
        issues.push({
          field: `${field}.${JSON.stringify(key).slice(1, -1)}`,
          rule: SAFE_TEXT_RULE,
          message: `${SAFE_TEXT_RULE}: a key ${keyReason}`,
        });
      else unsafeTextIssues(item, `${field}.${key}`, issues);
    }
  }
  return issues;
}

/**
 * The boundary rule for text, before any route's own schema: a NUL character or an unpaired UTF-16 surrogate
 * in a path parameter, the query or the body (JSON or form) answers 400 naming the field and the rule
 * `safe_text` (packages/contracts/src/input.ts), for every route, whatever its schema says about strings.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const issues = unsafeTextIssues(request.params, 'params');
    unsafeTextIssues(request.query, 'querystring', issues);
    unsafeTextIssues(request.body, 'body', issues);
    if (issues.length) throw badRequest(issues);
  });
}
