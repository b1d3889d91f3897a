import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { communityColumn } from './communities.ts';
import { profiles } from './profiles.ts';

/**
 * Invitations to a community, made by its owner and admins: a link anyone may open
 * (`/invite/<token>`), or one sent to an e-mail address (`email`, one use). A use is counted by
 * the statement that admits the person, so `uses` never passes `max_uses` however many race.
 */
export const communityInvites = pgTable(
  'community_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    communityId: communityColumn('community_id'),
    /** 24 random bytes, base64url: the link's only secret. */
    token: text('token').notNull(),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    /** The address an e-mail invite went to (lower case); null for a link. */
    email: text('email'),
    /** null: never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** null: any number of uses. */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('community_invites_token_idx').on(t.token),
    index('community_invites_community_idx').on(t.communityId, t.createdAt),
    check('community_invites_uses_within', sql`${t.uses} >= 0 AND (${t.maxUses} IS NULL OR ${t.uses} <= ${t.maxUses})`),
  ],
);
