import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { bearer, createTestApp, tokenFor, type TestApp } from '../testing/app';
import { createTestPatient } from '../testing/patients';
import { createRandom } from '../seed/ids';

/**
 * Bad input never answers 5xx (docs/security.md, "Input and responses"): requests generated from every
 * operation of the OpenAPI document (/docs/json), as an anonymous caller, a patient, a practice admin and a
 * superuser, most of them well-formed with one value swapped for a nasty one (a NUL character, an unpaired
 * surrogate, a day that does not exist, a huge or negative number), the rest junk of any type. Seeded, so a
 * failure names a request that can be replayed; FUZZ_SEED picks another run.
 */

interface Schema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
/** Requests per operation and caller: 156 operations x 4 callers x 5 = about 3,100 requests. */
const PER_OPERATION_AND_CALLER = 5;

const NASTY_TEXT = [
  'a\u0000b',
  '\u0000',
  'x\uD800y',
  '\uDFFF',
  'end\uD83D',
  '2026-02-30',
  '2026-02-30T10:00:00.000Z',
  '2026-02-30 10:00:00',
  '2026-13-45',
  '2026-04-31T25:61:00Z',
  '0000-00-00',
  '9999-12-31T23:59:59Z',
  '',
  ' ',
  'x'.repeat(5000),
  "'; drop table patients; --",
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '1e400',
  '-1',
  'NaN',
  '00000000-0000-0000-0000-000000000000',
];
const NASTY_NUMBERS = [-1, 0, 1e308, -1e308, 2 ** 53 + 1, 2_147_483_648, 0.5, 99_999_999];
/** Percent-encoding that keeps what encodeURIComponent refuses: an unpaired surrogate goes out as its raw bytes. */
const encode = (text: string) =>
  text
    .split(/([\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF])/)
    .map((piece, index) => (index % 2 ? '%ED%A0%80' : encodeURIComponent(piece)))
    .join('');
const DATE_LIKE_NAME = /date|time|(^|[a-z])(on|from|to|start|end|since|until|day|birth)$/i;

describe('every route, fed bad input', () => {
  let t: TestApp;
  let doc: OpenApi;
  let callers: Record<string, Record<string, string>>;
  let knownIds: string[];

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
    doc = (await t.call<OpenApi>({ url: '/docs/json' })).json;
    const patient = await createTestPatient(t);
    const [organization] = await t.database.query<{ id: string }>(
      'select id from organizations order by id limit 1',
    );
    // Ids that exist, so generated requests reach past "not found" into the stores.
    const tables = await t.database.query<{ table_name: string }>(
      "select table_name from information_schema.columns where table_schema = 'public' and column_name = 'id' and data_type = 'uuid' order by table_name",
    );
    knownIds = [patient.id];
    for (const { table_name } of tables) {
      const rows = await t.database.query<{ id: string }>(
        `select id::text as id from "${table_name}" limit 2`,
      );
      knownIds.push(...rows.map((r) => r.id));
    }
    const practiceId = organization?.id ?? randomUUID();
    callers = {
      anonymous: {},
      patient: bearer(patient.token),
      practiceadmin: bearer(
        await tokenFor(
          t.tokens,
          { user_roles: ['practiceadmin', 'provider'], PracticeId: practiceId, careslot_id: randomUUID() },
          3600,
        ),
      ),
      superuser: bearer(
        await tokenFor(t.tokens, { user_roles: ['superuser'], careslot_id: randomUUID() }, 3600),
      ),
    };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a NUL character, an unpaired surrogate and a day that does not exist with 400, naming the field and the rule', async () => {
    const nul = await t.call<{ errors: unknown[] }>({
      method: 'POST',
      url: '/careslot-calendar/api/v2/servicecategory/advance-search',
      headers: callers.patient,
      payload: { Name: 'a\u0000b' },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json.errors).toEqual([
      {
        field: 'body.Name',
        rule: 'safe_text',
        message: 'safe_text: must not contain a NUL character (U+0000)',
      },
    ]);

    const surrogate = await t.call<{ errors: unknown[] }>({
      method: 'POST',
      url: '/careslot-administration/api/v2/patient/advance-search',
      headers: { ...callers.superuser, 'content-type': 'application/json' },
      payload: '{"Identifier":["ok","\\ud800"]}',
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json.errors).toEqual([
      {
        field: 'body.Identifier.1',
        rule: 'safe_text',
        message: 'safe_text: must not contain an unpaired UTF-16 surrogate',
      },
    ]);

    const query = await t.call<{ errors: unknown[] }>({
      url: '/careslot-administration/api/v2/practitioner?identifier=a%00b',
    });
    expect(query.statusCode).toBe(400);
    expect(query.json.errors).toMatchObject([{ field: 'querystring.identifier', rule: 'safe_text' }]);

    const day = await t.call<{ errors: unknown[] }>({
      method: 'POST',
      url: '/careslot-administration/api/v2/patient/advance-search',
      headers: callers.superuser,
      payload: { BirthDate: '2026-02-30' },
    });
    expect(day.statusCode).toBe(400);
    expect(day.json.errors).toEqual([
      {
        field: 'body.BirthDate',
        rule: 'calendar_date',
        message: 'calendar_date: must be a real calendar date',
      },
    ]);
  });

  it('refuses a deeply nested body on every operation that takes one with 400 naming max_depth, never a 5xx', async () => {
    // About 5 KB each: the shapes that overflowed the stack of the old recursive guard (issue 24 item 3).
    const deepArrays = `${'['.repeat(2500)}${']'.repeat(2500)}`;
    const deepObjects = `${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`;
    const justTooDeep = JSON.stringify(
      Array.from({ length: 65 }).reduce<unknown>((inner) => ({ x: inner }), 1),
    );
    const failures: string[] = [];
    let refusedByDepth = 0;
    let sent = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (path.startsWith('/docs') || path.startsWith('/dev/')) continue;
      for (const [method, operation] of Object.entries(methods)) {
        if (!operation.requestBody?.content?.['application/json']) continue;
        const url = path.replace(/\{[^}]+\}/g, () => randomUUID());
        for (const [callerName, headers] of Object.entries(callers)) {
          for (const payload of [deepArrays, deepObjects, justTooDeep]) {
            const answer = await t.app.inject({
              method: method.toUpperCase() as InjectOptions['method'],
              url,
              headers: { ...headers, 'content-type': 'application/json' },
              payload,
            });
            sent += 1;
            if (answer.statusCode >= 500)
              failures.push(`${method.toUpperCase()} ${path} as ${callerName}: ${answer.statusCode}`);
            else if (answer.statusCode === 400 && answer.body.includes('"max_depth"')) refusedByDepth += 1;
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // Authentication (onRequest) and an unknown route may answer first; every other request meets the depth rule.
    expect(refusedByDepth).toBeGreaterThan(sent / 2);
    const search = await t.call<{ errors: { field: string; rule: string }[] }>({
      method: 'POST',
      url: '/careslot-calendar/api/v2/servicecategory/advance-search',
      headers: { 'content-type': 'application/json' },
      payload: deepArrays,
    });
    expect(search.statusCode).toBe(400);
    expect(search.json.errors).toEqual([expect.objectContaining({ field: 'body', rule: 'max_depth' })]);
  }, 600_000);

  it('answers no request generated from the OpenAPI document with a 5xx, and refuses bad values before the database does', async () => {
    const random = createRandom(SEED);
    const resolve = (schema: Schema | undefined): Schema => {
      if (schema?.$ref) return resolve(doc.components?.schemas?.[schema.$ref.split('/').pop()!]);
      return schema ?? {};
    };
    const patternSamples = new Map<string, string[]>();
    const fromPattern = (pattern: string): string => {
      let samples = patternSamples.get(pattern);
      if (!samples) {
        try {
          samples = fc.sample(fc.stringMatching(new RegExp(pattern)), { seed: SEED, numRuns: 8 });
        } catch {
          samples = ['x'];
        }
        patternSamples.set(pattern, samples);
      }
      return random.pick(samples);
    };
    const nastyText = (name: string) =>
      DATE_LIKE_NAME.test(name) && random.chance(0.5)
        ? random.pick(NASTY_TEXT.slice(5, 12))
        : random.pick(NASTY_TEXT);

    /** A value the schema accepts (as far as a generator can tell). */
    const valid = (raw: Schema | undefined, name: string, depth = 0): unknown => {
      const schema = resolve(raw);
      const variants = schema.anyOf ?? schema.oneOf;
      if (variants?.length) return valid(random.pick(variants), name, depth);
      if (schema.allOf?.length)
        return valid(Object.assign({}, ...schema.allOf.map(resolve)) as Schema, name, depth);
      if (schema.const !== undefined) return schema.const;
      if (schema.enum?.length) return random.pick(schema.enum);
      const type = Array.isArray(schema.type)
        ? (schema.type.find((x) => x !== 'null') ?? 'null')
        : schema.type;
      switch (type) {
        case 'string': {
          if (schema.format === 'uuid')
            return random.chance(0.7) && knownIds.length ? random.pick(knownIds) : randomUUID();
          if (
            schema.format === 'date-time' ||
            (!schema.pattern && DATE_LIKE_NAME.test(name) && /time|on$/i.test(name))
          )
            return new Date(Date.UTC(2026, 10, 27 + random.int(0, 30), random.int(8, 17))).toISOString();
          if (schema.format === 'date' || (!schema.pattern && DATE_LIKE_NAME.test(name)))
            return `2026-12-${String(random.int(1, 28)).padStart(2, '0')}`;
          if (schema.format === 'email') return `fuzz-${random.int(1, 1e6)}@example.com`;
          if (schema.pattern) return fromPattern(schema.pattern);
          const length = Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? 12, 12));
          return 'Fuzz'.padEnd(length, 'z').slice(0, Math.max(length, schema.minLength ?? 0));
        }
        case 'integer':
        case 'number': {
          const min = schema.minimum ?? 0;
          const max = schema.maximum ?? min + 100;
          return type === 'integer'
            ? random.int(Math.ceil(min), Math.floor(Math.min(max, min + 100)))
            : min + random.next() * (Math.min(max, min + 100) - min);
        }
        case 'boolean':
          return random.chance(0.5);
        case 'array': {
          if (depth > 4) return [];
          const count = Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, random.int(0, 3)));
          return Array.from({ length: count }, () => valid(schema.items, name, depth + 1));
        }
        case 'object':
        case undefined: {
          if (!schema.properties || depth > 4) return type === 'object' ? {} : 'fuzz';
          const value: Record<string, unknown> = {};
          for (const [key, property] of Object.entries(schema.properties)) {
            if (schema.required?.includes(key) || random.chance(0.6))
              value[key] = valid(property, key, depth + 1);
          }
          return value;
        }
        case 'null':
          return null;
        default:
          return null;
      }
    };
    /** Swaps one leaf of a value for a nasty one (or the whole value, when it is a leaf). */
    const poison = (value: unknown, name: string): unknown => {
      if (typeof value === 'string') return nastyText(name);
      if (typeof value === 'number') return random.pick(NASTY_NUMBERS);
      if (Array.isArray(value)) {
        if (!value.length) return [nastyText(name)];
        const copy: unknown[] = [...(value as unknown[])];
        const index = random.int(0, copy.length - 1);
        copy[index] = poison(copy[index], name);
        return copy;
      }
      if (value && typeof value === 'object') {
        const entries: [string, unknown][] = Object.entries(value);
        if (!entries.length || random.chance(0.1))
          return { ...value, [random.pick(['\u0000key', 'k\uD800', 'extra'])]: nastyText(name) };
        const [key, item] = random.pick(entries);
        return { ...value, [key]: poison(item, key) };
      }
      return nastyText(name);
    };
    const junk = (): unknown =>
      random.pick<() => unknown>([
        () => random.pick(NASTY_TEXT),
        () => random.pick(NASTY_NUMBERS),
        () => null,
        () => [random.pick(NASTY_TEXT)],
        () => ({ [random.pick(NASTY_TEXT)]: random.pick(NASTY_TEXT) }),
      ])();

    const failures: string[] = [];
    let sent = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (path.startsWith('/docs') || path.startsWith('/dev/')) continue;
      for (const [method, operation] of Object.entries(methods)) {
        const parameters = operation.parameters ?? [];
        const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
        for (const [callerName, headers] of Object.entries(callers)) {
          for (let i = 0; i < PER_OPERATION_AND_CALLER; i += 1) {
            const mode = i === 0 ? 'junk' : 'poisoned';
            // Which part carries the nasty value this time: a path parameter, the query or the body.
            const parts = ['path', 'query', 'body'].filter((part) =>
              part === 'body' ? bodySchema : parameters.some((p) => p.in === part),
            );
            const target = parts.length ? random.pick(parts) : 'none';
            let url = path;
            const query: Record<string, string> = {};
            for (const parameter of parameters) {
              if (parameter.in !== 'path' && parameter.in !== 'query') continue;
              if (parameter.in === 'query' && !parameter.required && random.chance(0.4) && target !== 'query')
                continue;
              let value: unknown = valid(parameter.schema, parameter.name);
              if (target === parameter.in && (mode === 'junk' || random.chance(0.6)))
                value = mode === 'junk' ? junk() : poison(value, parameter.name);
              const text = typeof value === 'string' ? value : JSON.stringify(value);
              if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encode(text || 'x'));
              else query[parameter.name] = text;
            }
            const search = Object.entries(query)
              .map(([key, value]) => `${key}=${encode(value)}`)
              .join('&');
            const targetUrl = search ? `${url}?${search}` : url;
            const payload = bodySchema
              ? JSON.stringify(
                  target === 'body'
                    ? mode === 'junk'
                      ? junk()
                      : poison(valid(bodySchema, 'body'), 'body')
                    : valid(bodySchema, 'body'),
                )
              : undefined;
            const request: InjectOptions = {
              method: method.toUpperCase(),
              url: targetUrl,
              headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
              ...(payload === undefined ? {} : { payload }),
            };
            const response = await t.app.inject(request);
            sent += 1;
            // 5xx, or a 400 that only the database's refusal produced (the boundary should have named the field).
            if (response.statusCode >= 500 || response.body.includes('"database_value"')) {
              failures.push(
                `${response.statusCode} ${callerName} ${method.toUpperCase()} ${targetUrl} ${(payload ?? '').slice(0, 300)}`,
              );
            }
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(2500);
    expect(failures).toEqual([]);
  }, 600_000);
});
