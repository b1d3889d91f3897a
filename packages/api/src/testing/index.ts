/**
 * The one entry of the API's test support: a test file starts with `useTestDatabase()` (or
 * `useTestWorld()` for the standard scene) and calls the routers through `callerFor`.
 */
export { useTestDatabase, type TestDatabaseScene } from './database.ts';
export { useTestWorld } from './world.ts';
export { addTestStaff, createTestCommunity, createTestPeople, createTestStaff, createTestWorld, restoreTestPeople, type TestPeople, type TestStaff, type TestWorld } from './world-builder.ts';
export {
  callerFor,
  createTestUser,
  stopTestBus,
  storeTestUpload,
  testBus,
  testChatKeys,
  testWebPush,
  testStorage,
  TEST_PUBLIC_URL,
  unlimitedRateLimiter,
  type CallerOptions,
} from './callers.ts';
export { cpuMs, cpuTimed } from './cpu.ts';
export { countingDb } from './statements.ts';
export { testSubscription, type TestSubscription } from './subscriptions.ts';
export { checkoutStarted, communityCreatedWith, deliver, ledgerOf, newPartner, payingMember, refund, renewal, revocation, type PayingMember } from './partners.ts';
export { usePushStandIn, type ReceivedPush, type TestDevice } from './push.ts';
export { jsonIn, unzip } from './zip.ts';
