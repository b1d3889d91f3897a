/** The Postgres error behind a driver or drizzle error (drizzle wraps the driver's in `cause`). */
export interface PgErrorInfo {
  code: string;
  constraint: string | undefined;
}

export function pgErrorInfo(error: unknown): PgErrorInfo | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; constraint_name?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      const constraint = typeof e.constraint_name === 'string' ? e.constraint_name : typeof e.constraint === 'string' ? e.constraint : undefined;
      return { code: e.code, constraint };
    }
    current = e.cause;
  }
  return null;
}

export const PG_UNIQUE_VIOLATION = '23505';
export const PG_NOT_NULL_VIOLATION = '23502';

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const info = pgErrorInfo(error);
  return info?.code === PG_UNIQUE_VIOLATION && (constraint === undefined || info.constraint === constraint);
}
