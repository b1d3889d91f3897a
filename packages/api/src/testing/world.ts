import type { TestDatabase } from '@app/db/testing';
import { beforeAll } from 'vitest';
import { useTestDatabase } from './database.ts';
import { createTestWorld, type TestWorld } from './world-builder.ts';

/**
 * A test file's database (see `useTestDatabase`) with a `createTestWorld` in it, made before its
 * tests. Read `database` and `world` inside tests.
 */
export function useTestWorld() {
  const db = useTestDatabase();
  const scene = {
    get database(): TestDatabase {
      return db.database;
    },
    world: undefined as unknown as TestWorld,
    /** A second pool on the same database, as another server process has (see `useTestDatabase`). */
    otherProcess: () => db.otherProcess(),
  };
  beforeAll(async () => {
    scene.world = await createTestWorld(db.database);
  });
  return scene;
}
