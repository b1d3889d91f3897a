import { randomInt } from 'node:crypto';
import { isUniqueViolation, pgErrorInfo, PG_NOT_NULL_VIOLATION, type Db, type Tx } from '@app/db';
import { authAccounts, notificationPreferences, profiles } from '@app/db/schema';
import { AUTH_MESSAGES } from '@app/shared/auth';
import { DEFAULT_FULL_NAME } from '@app/shared/constants';
import { generateUsername } from '@app/shared/profiles';
import { AppError } from '../../core/errors.ts';
import { and, eq, sql } from 'drizzle-orm';

/** What a sign-in provider vouches for. Google and the local stand-in both end here. */
export interface VerifiedIdentity {
  provider: 'google' | 'dev';
  providerAccountId: string;
  email: string;
  name?: string | null | undefined;
  picture?: string | null | undefined;
}

const USERNAME_ATTEMPTS = 5;

/**
 * Loads the user behind an identity, or creates the profile on first sign-in (spec section 5):
 * username from the e-mail's local part plus '_' and six digits, 'New User' as the fallback name,
 * the avatar from the provider's picture. A username collision retries with a new suffix.
 * An identity whose verified e-mail matches an existing profile is linked to it, when the
 * provider may link by e-mail (see `mayLinkByEmail`).
 */
export async function signInIdentity(db: Db, identity: VerifiedIdentity): Promise<{ userId: string; created: boolean }> {
  const email = identity.email.trim().toLowerCase();
  if (!email) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.usernameMissing);

  const [linked] = await db
    .select({ userId: authAccounts.userId })
    .from(authAccounts)
    .where(and(eq(authAccounts.provider, identity.provider), eq(authAccounts.providerAccountId, identity.providerAccountId)));
  if (linked) return { userId: linked.userId, created: false };

  try {
    return await db.transaction(async (tx) => {
      const existing = await findByEmail(tx, email);
      if (existing) await refuseUnlessLinkable(tx, existing, identity.provider);
      const userId = existing ?? (await createProfile(tx, { ...identity, email }));
      await tx
        .insert(authAccounts)
        .values({ provider: identity.provider, providerAccountId: identity.providerAccountId, userId })
        .onConflictDoNothing();
      return { userId, created: existing === null };
    });
  } catch (error) {
    // Two first sign-ins of one person raced: the other transaction created the profile.
    if (isUniqueViolation(error, 'profiles_email_lower_idx')) {
      const userId = await findByEmail(db, email);
      if (userId) {
        await refuseUnlessLinkable(db, userId, identity.provider);
        await db
          .insert(authAccounts)
          .values({ provider: identity.provider, providerAccountId: identity.providerAccountId, userId })
          .onConflictDoNothing();
        return { userId, created: false };
      }
    }
    throw error;
  }
}

/**
 * Whether `provider` may sign into the existing profile that holds the e-mail. Google vouches for
 * the address (its ID token's e-mail is verified), so it links to that profile whoever made it.
 * The local stand-in vouches for nothing (anyone types any address), so it opens only profiles it
 * made itself, ones already holding a 'dev' identity: never one made through Google.
 */
async function mayLinkByEmail(db: Db | Tx, userId: string, provider: VerifiedIdentity['provider']): Promise<boolean> {
  if (provider === 'google') return true;
  const [own] = await db
    .select({ userId: authAccounts.userId })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, userId), eq(authAccounts.provider, provider)))
    .limit(1);
  return !!own;
}

async function refuseUnlessLinkable(db: Db | Tx, userId: string, provider: VerifiedIdentity['provider']): Promise<void> {
  if (!(await mayLinkByEmail(db, userId, provider))) throw new AppError('FORBIDDEN', AUTH_MESSAGES.localSignInRefused);
}

async function findByEmail(db: Db | Tx, email: string): Promise<string | null> {
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(sql`lower(${profiles.email})`, email));
  return row?.id ?? null;
}

async function createProfile(tx: Tx, identity: VerifiedIdentity): Promise<string> {
  const fullName = identity.name?.trim() || DEFAULT_FULL_NAME;
  const avatarUrl = identity.picture?.trim() || null;
  let username = generateUsername(identity.email);
  for (let attempt = 1; ; attempt++) {
    try {
      // A savepoint, so that a collision does not abort the surrounding transaction.
      const id = await tx.transaction(async (sp) => {
        const [row] = await sp
          .insert(profiles)
          .values({ username, email: identity.email, fullName, avatarUrl })
          .returning({ id: profiles.id });
        return row!.id;
      });
      await tx.insert(notificationPreferences).values({ userId: id });
      return id;
    } catch (error) {
      if (isUniqueViolation(error, 'profiles_username_lower_idx')) {
        if (attempt >= USERNAME_ATTEMPTS) {
          throw new AppError('CONFLICT', AUTH_MESSAGES.usernameTaken(username), { cause: error });
        }
        username = generateUsername(identity.email, randomInt(0, 1_000_000));
        continue;
      }
      if (pgErrorInfo(error)?.code === PG_NOT_NULL_VIOLATION) {
        throw new AppError('BAD_REQUEST', AUTH_MESSAGES.usernameMissing, { cause: error });
      }
      throw error;
    }
  }
}
