import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { searchColumn } from './search.ts';

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    fullName: text('full_name'),
    avatarUrl: text('avatar_url'),
    contactEmail: text('contact_email'),
    bio: text('bio'),
    urls: text('urls').array().notNull().default(sql`'{}'::text[]`),
    category: text('category'),
    language: text('language'),
    /** The interface language last used ('en', 'ar'): e-mails are written in it. */
    interfaceLanguage: text('interface_language'),
    usernameChangedAt: timestamp('username_changed_at', { withTimezone: true }),
    /** 'Hide my online status': never counted online nor shown with a dot (membership/presence.ts). */
    hidePresence: boolean('hide_presence').notNull().default(false),
    /** 'Delete my account': closed at this time (signed out, hidden); restorable until it is erased ACCOUNT_ERASE_DAYS later. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When the erasure job replaced the personal data with a tombstone ('Deleted member'); never undone. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** A community's member search: name and username, Arabic folded (schema/search.ts). */
    search: searchColumn('search', 'full_name', 'username'),
  },
  (t) => [
    index('profiles_search_idx').using('gin', t.search),
    uniqueIndex('profiles_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('profiles_email_lower_idx').on(sql`lower(${t.email})`),
    index('profiles_created_at_idx').on(t.createdAt),
    // Discover: substring search on username or full name (pg_trgm) and the case-insensitive category.
    index('profiles_username_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
    index('profiles_full_name_trgm_idx').using('gin', sql`lower(${t.fullName}) gin_trgm_ops`),
    index('profiles_category_lower_idx').on(sql`lower(${t.category})`, t.createdAt),
    // The erasure job's due list: closed accounts not yet erased.
    index('profiles_closed_idx').on(t.closedAt).where(sql`${t.closedAt} IS NOT NULL AND ${t.erasedAt} IS NULL`),
  ],
);

export const notifyMeAbout = pgEnum('notify_me_about', ['all', 'mentions', 'nothing']);

export const emailDigest = pgEnum('email_digest', ['daily', 'weekly', 'off']);

export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  notifyMeAbout: notifyMeAbout('notify_me_about').notNull().default('all'),
  communicationEmails: boolean('communication_emails').notNull().default(false),
  marketingEmails: boolean('marketing_emails').notNull().default(false),
  socialEmails: boolean('social_emails').notNull().default(true),
  securityEmails: boolean('security_emails').notNull().default(true),
  mobileSettings: boolean('mobile_settings').notNull().default(false),
  /** 'Notify me about' on phones and tablets (their pushes), used while mobileSettings is on. */
  mobileNotifyMeAbout: notifyMeAbout('mobile_notify_me_about').notNull().default('all'),
  /** How often the digest of the most active posts in one's communities is e-mailed (under communication e-mails). */
  emailDigest: emailDigest('email_digest').notNull().default('weekly'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A column naming a person: their rows go when their profile does. */
export function personColumn(name: string) {
  return uuid(name)
    .notNull()
    .references(() => profiles.id, { onDelete: 'cascade' });
}
