import type { Auth, ChatKeyring, LiveBus } from '@app/api/server';
import type { Database } from '@app/db';
import type { Storage } from '@app/storage';
import type { AppConfig } from './env.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    lucia: Auth;
    storage: Storage;
    /** Live events (LISTEN/NOTIFY) for subscriptions: started with the app, stopped when it closes. */
    live: LiveBus;
    chatKeys: ChatKeyring;
  }
}
