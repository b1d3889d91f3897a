import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** Where the next page of a newest-first list starts: the last row's created_at (to the microsecond) and id. */
export interface Cursor {
  createdAt: string;
  id: string;
}

/** created_at as ISO text with its microseconds: a JS Date would cut them and make pages skip rows. */
export function cursorTime(createdAt: AnyColumn): SQL<string> {
  return sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Rows after `cursor` in (created_at, id) descending order; the bare `created_at <=` lets the b-tree bound the scan. */
export function olderThan(createdAt: AnyColumn, id: AnyColumn, cursor: Cursor): SQL {
  const at = sql`${cursor.createdAt}::timestamptz`;
  return sql`(${createdAt} <= ${at} and (${createdAt} < ${at} or ${id} < ${cursor.id}::uuid))`;
}

/** Splits `limit + 1` fetched rows into the page and the cursor of the next one (null on the last page). */
export function pageOf<T extends { id: string; cursorAt: string }>(rows: T[], limit: number): { items: Omit<T, 'cursorAt'>[]; nextCursor: Cursor | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? { createdAt: last.cursorAt, id: last.id } : null;
  return { items: page.map(({ cursorAt: _cursorAt, ...item }) => item), nextCursor };
}
