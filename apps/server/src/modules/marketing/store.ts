import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { demoRequests } from './tables';

export type DemoRequestRow = typeof demoRequests.$inferSelect;
export type NewDemoRequestRow = typeof demoRequests.$inferInsert;

export async function insertDemoRequest(db: Db, row: NewDemoRequestRow): Promise<DemoRequestRow> {
  const [inserted] = await db.insert(demoRequests).values(row).returning();
  return inserted!;
}

/** Newest first; `page` is 1-based (0 counts as the first, as in the spec's paging). */
export async function listDemoRequests(
  db: Db,
  page: number,
  limit: number,
): Promise<{ rows: DemoRequestRow[]; total: number }> {
  const offset = (Math.max(page, 1) - 1) * limit;
  const rows = await db
    .select()
    .from(demoRequests)
    .orderBy(desc(demoRequests.createdAt), desc(demoRequests.id))
    .limit(limit)
    .offset(offset);
  const [count] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(demoRequests);
  return { rows, total: count?.n ?? 0 };
}
