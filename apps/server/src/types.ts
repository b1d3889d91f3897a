import type { Auth, ChatKeyring, WebPushConfig } from '@app/api/server';
import type { Database } from '@app/db';
import type { Storage } from '@app/storage';
import type { AppConfig } from './env.ts';
import type { StandIns } from './plugins/stand-ins.ts';

/** What buildApp decorates the app with; each service plugin declares its own (plugins/live-bus.ts, …). */
declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    lucia: Auth;
    storage: Storage;
    chatKeys: ChatKeyring;
    /** Web push's VAPID keys, or null when pushes are off (production without them). */
    webPush: WebPushConfig | null;
    /** The local sign-in and checkout stand-ins: which are on, and the guard their routes run first. */
    standIns: StandIns;
  }
}
