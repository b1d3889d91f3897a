import type { TestDatabase } from '@app/db/testing';

/** What a scenario's set-up is given: the running server and its signed-in bench user. */
export interface BenchContext {
  baseUrl: string;
  /** The `Cookie` header value of the signed-in bench user. */
  cookie: string;
  user: { id: string; email: string };
  /** The bench database, for setups that seed rows directly; null when the server runs on PGlite. */
  database: TestDatabase | null;
  /** The server's CHAT_ENCRYPTION_KEY, so seeded messages decrypt. */
  chatKey: string;
}
