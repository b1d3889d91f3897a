import { createDatabase, type Database } from '@app/db';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { afterAll, beforeAll } from 'vitest';
import { stopTestBus, testStorage } from './callers.ts';

export interface TestDatabaseScene {
  /** The file's throwaway, migrated database (set before the file's own `beforeAll` runs). */
  readonly database: TestDatabase;
  /**
   * A second pool on the same database, as another server process would have (closed after the
   * file's tests); the database itself when it is an in-memory PGlite, which has one connection.
   */
  otherProcess(): Promise<Database>;
}

/**
 * The one set-up of an integration test file: a throwaway database and the test store, made before
 * its tests; its live bus stopped and the database dropped after them. Call it at the top of the
 * file, before the file's own hooks (they run after it, and their `afterAll` before its clean-up).
 */
export function useTestDatabase(): TestDatabaseScene {
  let database: TestDatabase | undefined;
  let other: Database | undefined;
  const scene: TestDatabaseScene = {
    get database() {
      if (!database) throw new Error('The test database is made in beforeAll: read it inside hooks and tests.');
      return database;
    },
    async otherProcess() {
      other ??= scene.database.url ? await createDatabase({ kind: 'postgres', url: scene.database.url }) : scene.database;
      return other;
    },
  };
  beforeAll(async () => {
    database = await createTestDatabase();
    await testStorage().init();
  });
  afterAll(async () => {
    if (!database) return;
    await stopTestBus(database);
    if (other && other !== database) await other.close();
    await database.drop();
  });
  return scene;
}
