import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { Config } from '../config';

const SQLSTATE = /^[0-9A-Z]{5}$/;

interface DatabaseErrorFields {
  code?: unknown;
  severity?: unknown;
  routine?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  schema?: unknown;
  dataType?: unknown;
}

/** A PostgreSQL (pg or PGlite) error: it carries a SQLSTATE code and the server's severity. */
function isDatabaseError(error: unknown): error is Error & DatabaseErrorFields {
  if (!(error instanceof Error)) return false;
  const e = error as Error & DatabaseErrorFields;
  return (
    typeof e.code === 'string' &&
    SQLSTATE.test(e.code) &&
    (typeof e.severity === 'string' || typeof e.routine === 'string')
  );
}

/** The error itself or the first of its causes that is a database error (drizzle wraps them). */
function databaseErrorIn(error: unknown): (Error & DatabaseErrorFields) | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (isDatabaseError(current)) return current;
    current = current instanceof Error ? current.cause : undefined;
  }
  return null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Logs an error without the values a query carried. A database error's message, detail, hint, where and
 * bound parameters can quote a row (`Key (email)=(ana@example.com) already exists`, `invalid input syntax for
 * type uuid: "..."`); drizzle's wrapper prints the parameters in its message. Only the SQLSTATE, the names of
 * the constraint, table and column, the statement's text (parameterised, so without values) and the stack
 * frames are kept.
 */
export function safeErrorSerializer(error: unknown): {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
} {
  const database = databaseErrorIn(error);
  if (!database) {
    const serialized = pino.stdSerializers.err(error as Error);
    return { ...serialized, type: serialized.type, message: serialized.message, stack: serialized.stack };
  }
  const outer = error as Error & { query?: unknown };
  const frames = (outer.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return {
    type: outer.constructor?.name ?? 'Error',
    message: `database error ${String(database.code)}${text(database.constraint) ? ` (constraint ${text(database.constraint)})` : ''}`,
    // Not 'code': the log redacts every field of that name (OTP and OAuth codes).
    sqlState: database.code,
    constraint: text(database.constraint),
    table: text(database.table),
    column: text(database.column),
    schema: text(database.schema),
    routine: text(database.routine),
    query: typeof outer.query === 'string' ? outer.query.slice(0, 500) : undefined,
    stack: frames.join('\n'),
  };
}

/**
 * Log options that never print patient data or secrets: headers with credentials, bodies, query values
 * (which may hold an e-mail or a code) and any field named like a name, phone, e-mail, token or password.
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  const sensitive = [
    'password',
    'Password',
    'token',
    'access_token',
    'refresh_token',
    'id_token',
    'code',
    'code_verifier',
    'otp',
    'email',
    'Email',
    'phone',
    'mobile_number',
    'given_name',
    'family_name',
    'name',
    'Name',
    'BirthDate',
    'dob',
    'Telecom',
    // Payment gateway secrets (decisions 0055, 0071): a Global Payments credential (app key), Fortis's user key.
    'Credential',
    'credential',
    'appKey',
    'app_key',
    'userApiKey',
    'user-api-key',
  ];
  return {
    level: config.NODE_ENV === 'test' ? 'silent' : config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        ...sensitive,
        ...sensitive.map((k) => `*.${k}`),
        ...sensitive.map((k) => `*.*.${k}`),
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: safeErrorSerializer,
      error: safeErrorSerializer,
      req(request: { method: string; url: string; id: string; ip?: string }) {
        // Keep the path, drop query values: they can carry e-mails, codes or patient ids.
        const [pathname, query] = request.url.split('?');
        const keys = query ? [...new URLSearchParams(query).keys()] : [];
        // An invitation id in the path is an activation code: a secret like any other code.
        // Any path segment holding an e-mail (the reputation call users/{email}/{organizationId}) is hidden too.
        const path = (pathname ?? '')
          .replace(/(\/Invitation\/)[^/]+/i, '$1[redacted]')
          .replace(/[^/]*(@|%40)[^/]*/gi, '[redacted]');
        return { id: request.id, method: request.method, path, queryKeys: keys };
      },
    },
    ...(config.NODE_ENV === 'development' && process.stdout.isTTY
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
