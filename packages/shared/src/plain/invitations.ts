/**
 * Invitations: invite links and e-mail invites, without zod: the messages, limits and helpers that
 * invitations.ts re-exports beside its schemas, for the web app to import without building them
 * (packages/shared/README.md).
 */

export const INVITE_MESSAGES = {
  notFound: 'This invite link is not valid.',
  expired: 'This invite link has expired. Ask for a new one.',
  revoked: 'This invite link was turned off. Ask for a new one.',
  usedUp: 'This invite link has been used as many times as it allows. Ask for a new one.',
  tooManyLinks: (max: number) => `A community can have at most ${max} active invite links: revoke one first.`,
  maxUses: (max: number) => `The number of uses must be a whole number from 1 to ${max}.`,
  expiry: 'Choose when the link expires.',
  emailsRequired: 'Enter at least one e-mail address.',
  tooManyEmails: (max: number) => `Invite at most ${max} e-mail addresses at once.`,
  badEmail: (email: string) => `'${email}' is not an e-mail address.`,
  emailTooLong: 'An e-mail address must be at most 254 characters.',
  forum: 'The partners’ forum is joined through the partner programme, not by invitation.',
} as const;

export const INVITE_LIMITS = {
  /** Unrevoked links (e-mail invites aside) a community keeps at once. */
  activeLinksMax: 50,
  maxUsesMax: 1000,
  /** Addresses in one e-mail invite. */
  emailsMax: 20,
  /** The invites the admins' list shows (newest first). */
  listMax: 100,
} as const;

/** When a link stops working: the modal's choices. */
export const INVITE_EXPIRIES = ['1d', '7d', '30d', 'never'] as const;
export type InviteExpiry = (typeof INVITE_EXPIRIES)[number];
export const EXPIRY_DAYS: Record<InviteExpiry, number | null> = { '1d': 1, '7d': 7, '30d': 30, never: null };
/** An e-mail invite works once, for this many days. */
export const EMAIL_INVITE_DAYS = 30;

/** Tokens are 32 characters of base64url (24 random bytes). */
export const INVITE_TOKEN_LENGTH = 32;

/** Splits what a person typed or pasted (commas, semicolons, spaces, new lines) into addresses. */
export function splitEmails(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Why an invite no longer admits anyone; null while it does. */
export type InviteProblem = 'expired' | 'revoked' | 'usedUp';

export function inviteProblem(invite: { revokedAt: Date | null; expiresAt: Date | null; maxUses: number | null; uses: number }, now = new Date()): InviteProblem | null {
  if (invite.revokedAt) return 'revoked';
  if (invite.expiresAt && invite.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (invite.maxUses !== null && invite.uses >= invite.maxUses) return 'usedUp';
  return null;
}

/** The address of an invite link, on this site. */
export const invitePath = (token: string) => `/invite/${token}`;
