import type { FastifyInstance } from 'fastify';
import { type FieldIssue, SAFE_TEXT_RULE, unsafeTextReason } from '@careslot/contracts';
import { badRequest } from './errors';

const MAX_ISSUES = 10;
/**
 * The deepest nesting a request part may have (issue 24 item 3). No contract of ours nests beyond a dozen
 * levels; 5 KB of `[` once overflowed the stack of a recursive walk and answered 500.
 */
export const MAX_DEPTH = 64;
export const MAX_DEPTH_RULE = 'max_depth';

const isContainer = (value: unknown): value is object =>
  value !== null && typeof value === 'object' && !Buffer.isBuffer(value);

/** Whether a parsed value nests deeper than `limit` arrays or objects: iterative, it stops at the first. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (!isContainer(item)) continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item))
      if (isContainer(child)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Every text of a parsed request part (keys and values, at any depth) that cannot be stored, by field path.
 * Iterative (an explicit stack), so no input can overflow the call stack; the fields come out in order.
 */
export function unsafeTextIssues(value: unknown, field: string, issues: FieldIssue[] = []): FieldIssue[] {
  const stack: [unknown, string][] = [[value, field]];
  while (stack.length && issues.length < MAX_ISSUES) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      const reason = unsafeTextReason(item);
      if (reason) issues.push({ field: path, rule: SAFE_TEXT_RULE, message: `${SAFE_TEXT_RULE}: ${reason}` });
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index -= 1)
        stack.push([item[index] as unknown, `${path}.${index}`]);
    } else if (isContainer(item)) {
      const children: [unknown, string][] = [];
      for (const [key, child] of Object.entries(item)) {
        const keyReason = unsafeTextReason(key);
        if (keyReason)
          issues.push({
            field: `${path}.${JSON.stringify(key).slice(1, -1)}`,
            rule: SAFE_TEXT_RULE,
            message: `${SAFE_TEXT_RULE}: a key ${keyReason}`,
          });
        else children.push([child, `${path}.${key}`]);
      }
      stack.push(...children.reverse());
    }
  }
  return issues;
}

/**
 * The boundary rules, before any route's own schema: a part nesting deeper than MAX_DEPTH answers 400 with the
 * rule `max_depth` (checked first, before any other walk); a NUL character or an unpaired UTF-16 surrogate in
 * a path parameter, the query or the body (JSON or form) answers 400 naming the field and the rule
 * `safe_text` (packages/contracts/src/input.ts), for every route, whatever its schema says about strings.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const parts: [unknown, string][] = [
      [request.params, 'params'],
      [request.query, 'querystring'],
      [request.body, 'body'],
    ];
    const deep = parts.filter(([value]) => nestsDeeperThan(value, MAX_DEPTH));
    if (deep.length)
      throw badRequest(
        deep.map(([, field]) => ({
          field,
          rule: MAX_DEPTH_RULE,
          message: `${MAX_DEPTH_RULE}: nests deeper than ${MAX_DEPTH} levels`,
        })),
      );
    const issues: FieldIssue[] = [];
    for (const [value, field] of parts) unsafeTextIssues(value, field, issues);
    if (issues.length) throw badRequest(issues);
  });
}
