import { notificationPreferences, profiles } from '@app/db/schema';
import { isLanguage, type Language } from '@app/shared/language';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** A person's preference (the person being `profiles`), with the spec's default where they never saved theirs. */
const pref = (column: AnyColumn, fallback: SQL) =>
  sql`coalesce((select ${column} from ${notificationPreferences} where ${notificationPreferences.userId} = ${profiles.id}), ${fallback})`;

/** SQL true when the person's e-mails under a switch are on (defaults: social on, communication off). */
export const socialOn: SQL = pref(notificationPreferences.socialEmails, sql`true`);
export const communicationOn: SQL = pref(notificationPreferences.communicationEmails, sql`false`);
/** The person's 'Notify me about' choice. */
export const notifyMeAbout: SQL = sql`${pref(notificationPreferences.notifyMeAbout, sql`'all'`)}::text`;
/** Their digest choice: 'daily', 'weekly' (the default) or 'off'. */
export const digestChoice: SQL = sql`${pref(notificationPreferences.emailDigest, sql`'weekly'`)}::text`;

/** Whom to write to, in which language. */
export const recipientColumns = {
  userId: profiles.id,
  email: profiles.email,
  language: profiles.interfaceLanguage,
};

export function languageOf(value: string | null): Language {
  return isLanguage(value) ? value : 'en';
}

/** A display name: the full name, else the username. */
export const displayName = (p: { fullName: string | null; username: string }) => p.fullName?.trim() || p.username;

/** A post's first words as plain text, for a line of an e-mail. */
export function excerpt(content: string, max = 80): string {
  const plain = content
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}
