import { isUniqueViolation } from '@app/db';
import { profiles } from '@app/db/schema';
import { LIMITS } from '@app/shared/constants';
import { ownAvatarKey, PROFILE_MESSAGES, updateProfileInput } from '@app/shared/profiles';
import { AppError } from '../core/errors.ts';
import { eq } from 'drizzle-orm';
import { protectedProcedure } from '../core/trpc.ts';
import { announcePersonChanged } from '../platform/auth/session.ts';
import { discardUpload, requireOwnUpload } from '../platform/uploads/service.ts';
import { ownProfileColumns } from './columns.ts';

const DAY_MS = 86_400_000;

/**
 * Updates the signed-in user's own profile (the WHERE clause is the caller's id, so nobody can
 * edit another's). The help text promises one username change every 30 days: enforced here.
 */
export const update = protectedProcedure.input(updateProfileInput).mutation(async ({ ctx, input }) => {
  const userId = ctx.user.id;
  const newAvatarKey = input.avatarUrl === null ? null : ownAvatarKey(input.avatarUrl, userId);
  let replacedAvatarKey: string | null = null;
  try {
    const profile = await ctx.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ username: profiles.username, avatarUrl: profiles.avatarUrl, usernameChangedAt: profiles.usernameChangedAt })
        .from(profiles)
        .where(eq(profiles.id, userId))
        .for('update');
      if (!current) throw new AppError('NOT_FOUND', PROFILE_MESSAGES.updateFailed);

      // A new avatar must be one this user uploaded and that is still stored.
      if (input.avatarUrl !== null && input.avatarUrl !== current.avatarUrl) {
        await requireOwnUpload(tx, 'avatars', newAvatarKey, userId, PROFILE_MESSAGES.avatar);
      }
      if (current.avatarUrl !== input.avatarUrl) replacedAvatarKey = current.avatarUrl && ownAvatarKey(current.avatarUrl, userId);

      const usernameChanged = input.username !== current.username;
      if (usernameChanged && current.usernameChangedAt) {
        const nextChange = new Date(current.usernameChangedAt.getTime() + LIMITS.usernameChangeDays * DAY_MS);
        if (nextChange > new Date()) {
          const date = nextChange.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
          throw new AppError('BAD_REQUEST', PROFILE_MESSAGES.usernameTooSoon(date));
        }
      }

      const now = new Date();
      const [row] = await tx
        .update(profiles)
        .set({
          username: input.username,
          contactEmail: input.contactEmail,
          bio: input.bio,
          urls: input.urls,
          category: input.category,
          language: input.language,
          avatarUrl: input.avatarUrl,
          updatedAt: now,
          ...(usernameChanged ? { usernameChangedAt: now } : {}),
        })
        .where(eq(profiles.id, userId))
        .returning(ownProfileColumns);
      // The person's sessions carry their username: every process reads them again.
      if (usernameChanged) await announcePersonChanged(tx, userId);
      return row!;
    });
    // The replaced picture is no longer shown anywhere; a failure to remove it only leaves a stray file.
    if (replacedAvatarKey) await discardUpload(ctx.db, ctx.storage, 'avatars', replacedAvatarKey);
    return profile;
  } catch (error) {
    if (isUniqueViolation(error, 'profiles_username_lower_idx')) {
      throw new AppError('CONFLICT', PROFILE_MESSAGES.usernameTaken(input.username), { cause: error });
    }
    throw error;
  }
});
