import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { type ErrorEnvelope, type FieldIssue, messageForStatus } from '@careslot/contracts';
import type { AuditContext, AuditEvent } from './audit';

export type AppErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'too_many_requests'
  | 'unavailable';

const STATUS: Record<AppErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  too_many_requests: 429,
  unavailable: 503,
};

/**
 * An expected failure, as a value. Modules throw these; one mapping (sendError) turns them into the
 * spec's status and message. `message` overrides the status text where the spec names a domain text
 * (e.g. the duplicate-booking text of a 409, or 'Could not reserve the selected slot...').
 */
export class AppError extends Error {
  readonly kind: AppErrorKind;
  readonly issues: FieldIssue[] | undefined;
  readonly publicMessage: string | undefined;
  /**
   * A denial decided inside a transaction: its audit row is written after the rollback (app.ts's error
   * handler), or the rollback would take it away with the change (platform/access.ts).
   */
  deferredAudit?: { context: AuditContext; event: AuditEvent };

  constructor(
    kind: AppErrorKind,
    options: { message?: string; issues?: FieldIssue[]; cause?: unknown } = {},
  ) {
    super(options.message ?? kind, { cause: options.cause });
    this.kind = kind;
    this.issues = options.issues;
    this.publicMessage = options.message;
  }

  get status(): number {
    return STATUS[this.kind];
  }
}

export const badRequest = (issues: FieldIssue[], message?: string) =>
  new AppError('bad_request', { issues, ...(message ? { message } : {}) });
export const fieldError = (field: string, rule: string, message: string) =>
  badRequest([{ field, rule, message }]);
export const unauthorized = () => new AppError('unauthorized');
export const forbidden = () => new AppError('forbidden');
export const notFound = () => new AppError('not_found');
export const conflict = (message: string) => new AppError('conflict', { message });
export const tooManyRequests = (message?: string) =>
  new AppError('too_many_requests', message ? { message } : {});

function envelope(status: number, message: string, issues?: FieldIssue[]): ErrorEnvelope {
  return { status_code: status, message, data: null, ...(issues ? { errors: issues } : {}) };
}

function ruleParam(params: unknown): string | undefined {
  const rule = (params as { params?: { rule?: unknown } } | undefined)?.params?.rule;
  return typeof rule === 'string' ? rule : undefined;
}

/**
 * PostgreSQL's class 22, "data exception" (invalid text representation, a date or number out of range, an
 * unsupported Unicode escape, a NUL byte), raised by PostgreSQL and PGlite alike.
 */
function isDataException(error: unknown): error is { code: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

function describeZodRule(keyword: string, message: string): string {
  return `${keyword}: ${message}`;
}

/** Turns any error into the envelope; nothing unknown (stack, SQL, another patient's data) reaches a caller. */
export function toErrorResponse(
  error: unknown,
  request: FastifyRequest,
): { status: number; body: ErrorEnvelope } {
  if (error instanceof AppError) {
    const status = error.status;
    return { status, body: envelope(status, error.publicMessage ?? messageForStatus(status), error.issues) };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as unknown as FastifyError).validationContext ?? 'body';
    const issues = error.validation.map((v) => {
      const pathPart = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
      // A shared contract rule (safe_text, calendar_date) names itself; zod's own checks by their code.
      const rule = ruleParam(v.params) ?? v.keyword;
      return {
        field: pathPart ? `${context}.${pathPart}` : context,
        rule,
        message: describeZodRule(rule, v.message ?? 'invalid value'),
      };
    });
    return { status: 400, body: envelope(400, messageForStatus(400), issues) };
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    return { status: 500, body: envelope(500, messageForStatus(500)) };
  }
  const fastifyError = error as Partial<FastifyError>;
  const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status >= 400 && status < 500) {
    // Framework-level client errors: malformed JSON, body too large, unsupported media type, rate limit.
    const issues: FieldIssue[] | undefined =
      status === 400 || status === 415 || status === 413
        ? [
            {
              field: 'body',
              rule: fastifyError.code ?? 'invalid',
              message: fastifyError.message ?? 'invalid body',
            },
          ]
        : undefined;
    const responseStatus = status === 415 || status === 413 ? 400 : status;
    return {
      status: responseStatus,
      body: envelope(responseStatus, messageForStatus(responseStatus), issues),
    };
  }
  if (isDataException(error)) {
    // A value the database cannot hold (a text or date the boundary rules should have refused): the
    // caller's input, so 400, never 500; logged without the value, to be caught at the boundary next.
    request.log.warn({ code: error.code, route: request.routeOptions.url }, 'input refused by the database');
    return {
      status: 400,
      body: envelope(400, messageForStatus(400), [
        { field: 'request', rule: 'database_value', message: 'database_value: a value cannot be stored' },
      ]),
    };
  }
  if (isUniqueViolation(error)) {
    // A race the service's own check lost (two identical requests at once, issue 24 item 5): the row the
    // other request wrote stands, so this one conflicts, never a 500.
    request.log.warn({ constraint: error.constraint, route: request.routeOptions.url }, 'unique race lost');
    return { status: 409, body: envelope(409, messageForStatus(409)) };
  }
  request.log.error({ err: error }, 'unhandled error');
  return { status: 500, body: envelope(500, messageForStatus(500)) };
}

/** PostgreSQL's unique_violation (23505), from either driver. */
export function isUniqueViolation(error: unknown): error is { code: string; constraint?: string } {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = toErrorResponse(error, request);
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}
