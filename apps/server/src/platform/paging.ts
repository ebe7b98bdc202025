import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './db';

/** A page of the spec's paging: Limit 0 means all; Offset is the 1-based page (0 counts as the first). */
export interface Page {
  limit: number;
  offset: number;
}

function pageBounds(page: Page): { limit: number | undefined; skip: number } {
  if (page.limit === 0) return { limit: undefined, skip: 0 };
  return { limit: page.limit, skip: (Math.max(page.offset, 1) - 1) * page.limit };
}

/** An identifier row as stored beside its owner (organization, practitioner, patient). */
export interface IdentifierRow {
  system: string;
  value: string;
  use: string | null;
}

/** An identifier as the spec writes it in a query: 'System|Value'; a bare value matches any system. */
export function parseIdentifier(text: string): { system: string | null; value: string } {
  const bar = text.indexOf('|');
  if (bar < 0) return { system: null, value: text };
  return { system: text.slice(0, bar), value: text.slice(bar + 1) };
}

/** Rows of an identifier table (system, value) matching any of the spec's 'System|Value' texts. */
export function identifierMatch(
  table: { system: AnyPgColumn; value: AnyPgColumn },
  texts: string[],
): SQL | undefined {
  return or(
    ...texts.map((text) => {
      const { system, value } = parseIdentifier(text);
      return system === null ? eq(table.value, value) : and(eq(table.system, system), eq(table.value, value));
    }),
  );
}

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of rows plus the total, counted in the same statement (count(*) over ()). */
export async function pagedSelect<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  orderBy: SQL[],
  page: Page,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const { limit, skip } = pageBounds(page);
  const base = db
    .select({ row: table as never, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(table as never)
    .where(where)
    .orderBy(...orderBy)
    .offset(skip);
  const result = (await (limit === undefined ? base : base.limit(limit))) as unknown as {
    row: T['$inferSelect'];
    total: number;
  }[];
  if (result.length === 0 && skip > 0) {
    // Past the last page: the window count is unavailable, so count on its own.
    const counted = (await db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(table as never)
      .where(where)) as unknown as { total: number }[];
    return { rows: [], total: counted[0]?.total ?? 0 };
  }
  return { rows: result.map((r) => r.row), total: result[0]?.total ?? 0 };
}
