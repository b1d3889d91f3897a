export { createDatabase, migrationsFolder, resultRows } from './client.ts';
export { preparedPerHandle } from './prepared.ts';
export { isUniqueViolation, pgErrorInfo, PG_NOT_NULL_VIOLATION, PG_UNIQUE_VIOLATION } from './errors.ts';
export type { Database, DatabaseOptions, Db, Queryable, Schema, Tx } from './client.ts';
