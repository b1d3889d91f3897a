import { z } from 'zod';
import { memberActionInput } from './communities.ts';
import { LIMITS } from './constants.ts';
import { boundedText } from './input.ts';
import { DELETION_MESSAGES } from './plain/deletion.ts';

/** Closing an account, handing a community over and deleting it: the inputs (the account's timeline: plain/deletion.ts). */

// The zod-free part (messages, limits, helpers), a module of its own so that the web app reads it without building these schemas.
export * from './plain/deletion.ts';

/** 'Delete my account', confirmed by typing one's username. */
export const closeAccountInput = z.object({
  username: boundedText(LIMITS.usernameMax, DELETION_MESSAGES.usernameMismatch).min(1, DELETION_MESSAGES.usernameMismatch),
});

/** The owner hands the community over to an approved member, and becomes one of its admins. */
export const transferOwnershipInput = memberActionInput;

/** The owner deletes the community, confirmed by typing its name. */
export const deleteCommunityInput = z.object({
  communityId: memberActionInput.shape.communityId,
  name: boundedText(200, DELETION_MESSAGES.communityNameMismatch).min(1, DELETION_MESSAGES.communityNameMismatch),
});
