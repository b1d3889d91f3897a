import type { Auth } from '@app/api/auth';
import type { Database } from '@app/db';
import type { ChatKeyring } from '@app/api/chat';
import type { LiveBus } from '@app/api/live';
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
