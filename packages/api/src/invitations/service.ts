import { randomBytes } from 'node:crypto';
import type { Queryable } from '@app/db';
import { communities, communityInvites, profiles } from '@app/db/schema';
import { EXPIRY_DAYS, INVITE_LIMITS, INVITE_MESSAGES, inviteProblem, type InviteExpiry, type InviteProblem } from '@app/shared/invitations';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { publish } from '../platform/live/publish.ts';
import { invitationsTopic } from './events.ts';

const DAY_MS = 86_400_000;

export type InviteRow = typeof communityInvites.$inferSelect;

/** An unguessable token: 24 random bytes, base64url (32 characters). */
export const newToken = () => randomBytes(24).toString('base64url');

/** When an invite made now with `expiresIn` stops working (null: never). */
export function expiryOf(expiresIn: InviteExpiry, now = Date.now()): Date | null {
  const days = EXPIRY_DAYS[expiresIn];
  return days === null ? null : new Date(now + days * DAY_MS);
}

/** Still admits someone: not revoked, not expired, not used up (SQL twin of `inviteProblem`). */
export const inviteWorks = and(
  isNull(communityInvites.revokedAt),
  or(isNull(communityInvites.expiresAt), gt(communityInvites.expiresAt, sql`now()`)),
  or(isNull(communityInvites.maxUses), lt(communityInvites.uses, communityInvites.maxUses)),
);

/** Tells the owner's and admins' open invite lists that something changed. */
export const invitesChanged = (tx: Queryable, communityId: string) => publish(tx, invitationsTopic(communityId), { type: 'invites.changed' });

/** Makes an invite (a link, or with `email` an e-mail invite), in the caller's transaction. */
export async function createInvite(
  tx: Queryable,
  values: { communityId: string; createdBy: string; expiresAt: Date | null; maxUses: number | null; email?: string | null },
): Promise<InviteRow> {
  const [row] = await tx.insert(communityInvites).values({ ...values, email: values.email ?? null, token: newToken() }).returning();
  return row!;
}

/** Refuses a link past INVITE_LIMITS.activeLinksMax working links (checked on the locked community row). */
export async function requireRoomForLink(tx: Queryable, communityId: string): Promise<void> {
  const active = await tx.$count(communityInvites, and(eq(communityInvites.communityId, communityId), isNull(communityInvites.email), inviteWorks));
  if (active >= INVITE_LIMITS.activeLinksMax) throw new AppError('CONFLICT', INVITE_MESSAGES.tooManyLinks(INVITE_LIMITS.activeLinksMax));
}

/** The invite a token names with its community, or NOT_FOUND 'This invite link is not valid.' */
export async function inviteByToken(db: Queryable, token: string) {
  const [row] = await db
    .select({ invite: communityInvites, community: communities })
    .from(communityInvites)
    .innerJoin(communities, eq(communities.id, communityInvites.communityId))
    .where(eq(communityInvites.token, token));
  if (!row || row.community.isForum) throw new AppError('NOT_FOUND', INVITE_MESSAGES.notFound);
  return row;
}

/** The refusal a person sees for an invite that no longer admits anyone. */
export function inviteRefused(problem: InviteProblem): AppError {
  return new AppError('CONFLICT', INVITE_MESSAGES[problem]);
}

/**
 * Counts one use of the invite, if it still admits someone: one conditional statement, so however
 * many people open it at once, `uses` never passes `max_uses` (each waits on the row and re-checks).
 * Throws why not otherwise; rolled back with the caller's transaction when the admission fails.
 */
export async function takeUse(tx: Queryable, invite: InviteRow): Promise<void> {
  const [used] = await tx
    .update(communityInvites)
    .set({ uses: sql`${communityInvites.uses} + 1` })
    .where(and(eq(communityInvites.id, invite.id), inviteWorks))
    .returning({ uses: communityInvites.uses });
  if (used) return;
  const [now] = await tx.select().from(communityInvites).where(eq(communityInvites.id, invite.id));
  throw inviteRefused(inviteProblem(now ?? { ...invite, revokedAt: new Date() }) ?? 'usedUp');
}

/** The owner's and admins' list: the newest invites not revoked (links and e-mail invites), with who made each. */
export async function listInvites(db: Queryable, communityId: string) {
  const rows = await db
    .select({
      id: communityInvites.id,
      token: communityInvites.token,
      email: communityInvites.email,
      expiresAt: communityInvites.expiresAt,
      maxUses: communityInvites.maxUses,
      uses: communityInvites.uses,
      revokedAt: communityInvites.revokedAt,
      createdAt: communityInvites.createdAt,
      createdBy: { username: profiles.username, fullName: profiles.fullName },
    })
    .from(communityInvites)
    .leftJoin(profiles, eq(profiles.id, communityInvites.createdBy))
    .where(and(eq(communityInvites.communityId, communityId), isNull(communityInvites.revokedAt)))
    .orderBy(desc(communityInvites.createdAt), desc(communityInvites.id))
    .limit(INVITE_LIMITS.listMax);
  const now = new Date();
  return rows.map(({ revokedAt, ...row }) => ({ ...row, problem: inviteProblem({ ...row, revokedAt }, now) }));
}
