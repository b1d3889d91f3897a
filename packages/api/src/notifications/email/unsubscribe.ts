import type { Queryable } from '@app/db';
import { notificationPreferences } from '@app/db/schema';
import { NOTIFICATION_DEFAULTS } from '@app/shared/constants';
import { signToken, verifyToken } from '../../platform/mail/signed-token.ts';
import type { EmailSwitch } from './model.ts';

const SWITCHES: readonly EmailSwitch[] = ['social', 'communication', 'digest', 'marketing'];

/** The token of an unsubscribe link: who, and which kind of e-mail it turns off. */
export function unsubscribeToken(secret: string, userId: string, kind: EmailSwitch): string {
  return signToken(secret, `${userId}:${kind}`);
}

/** Who and what a token names; null when it was not made by this server. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; kind: EmailSwitch } | null {
  const value = verifyToken(secret, token);
  const match = value ? /^([0-9a-f-]{36}):([a-z]+)$/.exec(value) : null;
  if (!match || !SWITCHES.includes(match[2] as EmailSwitch)) return null;
  return { userId: match[1]!, kind: match[2] as EmailSwitch };
}

const CHANGE: Record<EmailSwitch, Partial<typeof notificationPreferences.$inferInsert>> = {
  social: { socialEmails: false },
  communication: { communicationEmails: false },
  digest: { emailDigest: 'off' },
  marketing: { marketingEmails: false },
};

/** Turns off exactly that kind of e-mail for the person (the settings page shows it); idempotent. */
export async function unsubscribe(db: Queryable, userId: string, kind: EmailSwitch): Promise<void> {
  const change = { ...CHANGE[kind], updatedAt: new Date() };
  await db
    .insert(notificationPreferences)
    .values({ userId, ...NOTIFICATION_DEFAULTS, ...change })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: change });
}
