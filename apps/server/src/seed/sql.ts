import type { Connection } from '../platform/db';

/** Postgres allows 65,535 parameters per statement; stay well under it. */
const MAX_PARAMS = 30_000;

/**
 * Multi-row INSERTs in large batches: one round trip per batch instead of one per row, which is what
 * keeps a first start with demo data well under the cold-start budget (docs/performance.md).
 */
export async function insertRows(
  connection: Connection,
  table: string,
  columns: string[],
  rows: unknown[][],
  suffix = '',
): Promise<void> {
  if (rows.length === 0) return;
  const perBatch = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  for (let start = 0; start < rows.length; start += perBatch) {
    const batch = rows.slice(start, start + perBatch);
    const params: unknown[] = [];
    const tuples = batch.map((row) => {
      const marks = row.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${marks.join(', ')})`;
    });
    await connection.query(
      `insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')} ${suffix}`,
      params,
    );
  }
}

export async function isEmpty(connection: Connection, table: string): Promise<boolean> {
  const rows = await connection.query<{ present: boolean }>(
    `select exists (select 1 from ${table}) as present`,
  );
  return !rows[0]?.present;
}
