/**
 * Closing and erasing an account, handing a community over and deleting it, without zod: the
 * messages, limits and helpers that deletion.ts re-exports beside its schemas, for the web app to
 * import without building them (packages/shared/README.md).
 */

/**
 * 'Delete my account' (issue 25): the account is closed at once and erased ACCOUNT_ERASE_DAYS later,
 * as the Privacy Policy says ('When you delete your account, we delete your personal data within
 * 30 days'); until then, signing in again offers 'Restore my account'.
 */
export const ACCOUNT_ERASE_DAYS = 30;

/**
 * An erased profile's username starts with this. Chosen usernames hold only letters, digits and
 * '_' (usernameSchema), so no living person's username can look like a tombstone.
 */
export const ERASED_USERNAME_PREFIX = 'deleted-';

/** Whether a username is an erased account's tombstone: shown as 'Deleted member', never linked. */
export const isErasedUsername = (username: string | null | undefined): boolean => !!username?.startsWith(ERASED_USERNAME_PREFIX);

/** When a closed account is erased. */
export const eraseDate = (closedAt: Date): Date => new Date(closedAt.getTime() + ACCOUNT_ERASE_DAYS * 86_400_000);

export const DELETION_MESSAGES = {
  usernameMismatch: 'Type your username exactly as shown to confirm.',
  ownsCommunities: 'You own communities: hand each over to another member or delete it before deleting your account.',
  closed: 'Your account is closed. Restore it to use Commonroom again.',
  notClosed: 'Your account is not closed.',
  newOwnerNotMember: 'The new owner must be an approved member of the community.',
  alreadyOwner: 'You already own this community.',
  communityNameMismatch: 'Type the community name exactly as shown to confirm.',
  communityHasPayments: 'A community that has taken payments keeps its records: hand it over instead of deleting it.',
} as const;
