import type { Auth, ChatKeyring, Housekeeping, LiveBus, PaymentsProvider, TaskWorker } from '@app/api/server';
import type { Database } from '@app/db';
import type { Storage } from '@app/storage';
import type { AppConfig } from './env.ts';
import type { StandIns } from './plugins/stand-ins.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    lucia: Auth;
    storage: Storage;
    /** Live events (LISTEN/NOTIFY) for subscriptions: started with the app, stopped when it closes. */
    live: LiveBus;
    chatKeys: ChatKeyring;
    /** Periodic clean-ups (old live events, rate-limit windows, unreferenced uploads), one process per round. */
    housekeeping: Housekeeping;
    /** Who takes payments: Polar, the local stand-in, or null (production without Polar). */
    payments: PaymentsProvider | null;
    /** Stops the subscriptions of memberships that ended (queued in their transaction, retried until done). */
    cancellations: TaskWorker;
    /** The local sign-in and checkout stand-ins: which are on, and the guard their routes run first. */
    standIns: StandIns;
  }
}
