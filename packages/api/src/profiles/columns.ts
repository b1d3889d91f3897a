import { profiles } from '@app/db/schema';

/** What anyone may see of a person: never the sign-in e-mail. */
export const publicProfileColumns = {
  id: profiles.id,
  username: profiles.username,
  fullName: profiles.fullName,
  avatarUrl: profiles.avatarUrl,
  contactEmail: profiles.contactEmail,
  bio: profiles.bio,
  urls: profiles.urls,
  category: profiles.category,
  language: profiles.language,
  createdAt: profiles.createdAt,
};

/** The signed-in user's own profile: the public columns, the sign-in e-mail and their own settings. */
export const ownProfileColumns = { ...publicProfileColumns, email: profiles.email, hidePresence: profiles.hidePresence, closedAt: profiles.closedAt };
