/**
 * The one entry for the server's tests: a throwaway database with the app built on it (server.ts),
 * requests as a browser sends them (http.ts), WebSockets (sockets.ts) and scenes in the database
 * (fixtures.ts). Scenes of the API alone come from @app/api/testing.
 */
export { buildTestApp, DAY_MS, EVIL_ORIGIN, PUBLIC_URL, SESSION_DAYS, testDataDir, useServer, type ServerFixture } from './server.ts';
export {
  fetchMe,
  getAs,
  sessionCookieOf,
  sessionIdOf,
  setCookieLine,
  signIn,
  testPng,
  trpcAnswer,
  trpcMutation,
  trpcQuery,
  uniqueEmail,
  upload,
  uploadForm,
} from './http.ts';
export { tryWebSocket, wsTrpcClient, wsUrlOf, type WebSocketAttempt } from './sockets.ts';
export { createCheckout, deliverPolarWebhook, paidCommunity, payLocalCheckout } from './payments.ts';
export { countProfiles, countSessionLookups, ownerMemberStranger, ownerOfCommunity, useOwnerMemberStranger, type OwnerMemberStranger, profileByEmail, sessionRow, setAccountClosed, setSessionExpiry, signedInPerson, type SignedInPerson } from './fixtures.ts';
