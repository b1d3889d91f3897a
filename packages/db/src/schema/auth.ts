import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { personColumn } from './profiles.ts';

/** Sign-in identities linked to a profile: Google's subject, or the local stand-in's e-mail. */
export const authAccounts = pgTable(
  'auth_accounts',
  {
    provider: text('provider').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    userId: personColumn('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_accounts_provider_idx').on(t.provider, t.providerAccountId),
    index('auth_accounts_user_idx').on(t.userId),
  ],
);

/** Lucia v3 sessions. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: personColumn('user_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
