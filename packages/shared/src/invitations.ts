import { z } from 'zod';
import { communityIdInput } from './communities.ts';
import { boundedText } from './input.ts';
import { SIMPLE_EMAIL } from './plain/communities.ts';
import { INVITE_EXPIRIES, INVITE_LIMITS, INVITE_MESSAGES } from './plain/invitations.ts';

/** Invitations: invite links and e-mail invites (issue 25); join questions are in communities.ts. */

// The zod-free part (messages, limits, helpers), a module of its own so that the web app reads it without building these schemas.
export * from './plain/invitations.ts';

const token = z
  .string({ error: INVITE_MESSAGES.notFound })
  .max(64, { error: INVITE_MESSAGES.notFound, abort: true })
  .regex(/^[A-Za-z0-9_-]+$/, INVITE_MESSAGES.notFound);

export const inviteTokenInput = z.object({ token });

export const createInviteInput = communityIdInput.extend({
  expiresIn: z.enum(INVITE_EXPIRIES, { error: INVITE_MESSAGES.expiry }).default('7d'),
  /** null: any number of uses. */
  maxUses: z
    .int({ error: INVITE_MESSAGES.maxUses(INVITE_LIMITS.maxUsesMax) })
    .min(1, INVITE_MESSAGES.maxUses(INVITE_LIMITS.maxUsesMax))
    .max(INVITE_LIMITS.maxUsesMax, INVITE_MESSAGES.maxUses(INVITE_LIMITS.maxUsesMax))
    .nullable()
    .default(null),
});
export type CreateInviteInput = z.input<typeof createInviteInput>;

export const revokeInviteInput = communityIdInput.extend({ inviteId: z.uuid({ error: INVITE_MESSAGES.notFound }) });

const email = boundedText(254, INVITE_MESSAGES.emailTooLong)
  .transform((v) => v.toLowerCase())
  .superRefine((v, ctx) => {
    if (!SIMPLE_EMAIL.test(v)) ctx.addIssue({ code: 'custom', message: INVITE_MESSAGES.badEmail(v) });
  });

export const emailInvitesInput = communityIdInput.extend({
  emails: z
    .array(email)
    .min(1, INVITE_MESSAGES.emailsRequired)
    .max(INVITE_LIMITS.emailsMax, INVITE_MESSAGES.tooManyEmails(INVITE_LIMITS.emailsMax))
    .transform((list) => [...new Set(list)]),
});
