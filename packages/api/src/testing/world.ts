import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { afterAll, beforeAll } from 'vitest';
import { createTestWorld, stopTestBus, testStorage, type TestWorld } from './index.ts';

/**
 * Test support: a throwaway database with storage and a `createTestWorld` in it for one test file,
 * made before its tests and dropped after them. Read `database` and `world` inside tests.
 */
export function useTestWorld() {
  const scene = {} as { database: TestDatabase; world: TestWorld };
  beforeAll(async () => {
    scene.database = await createTestDatabase();
    await testStorage().init();
    scene.world = await createTestWorld(scene.database);
  });
  afterAll(async () => {
    await stopTestBus(scene.database);
    await scene.database.drop();
  });
  return scene;
}
