import { LIMITS, PRESENCE_IDS_MAX } from '../constants.ts';
import { VIDEO_NOT_EMBEDDABLE } from '../video.ts';

/**
 * Creating, editing and joining communities, without zod: the messages, limits and helpers that
 * communities.ts re-exports beside its schemas, for the web app to import without building them
 * (packages/shared/README.md).
 */

export const COMMUNITY_MESSAGES = {
  nameRequired: 'Community name is required.',
  nameTooLong: 'Community name must be at most 60 characters.',
  nameSlash: 'Community name cannot contain "/".',
  nameTaken: (name: string) => `A community named '${name}' already exists.`,
  logoRequired: 'Please upload a community logo.',
  logoInvalid: 'Logo upload failed',
  categoryRequired: 'Please select a category.',
  languageRequired: 'Please select a language.',
  contactEmail: 'Please enter a valid contact email.',
  seats: 'Available seats must be a number greater than 0.',
  seatsBelowMembers: (members: number) => `Available seats cannot be fewer than the current ${members} members.`,
  amount: 'Membership amount must be 0 (free) or at least US$5.00.',
  textTooLong: (field: string, max: number) => `${field} must be at most ${max} characters.`,
  videoNotEmbeddable: VIDEO_NOT_EMBEDDABLE,
  loginToCreate: 'Please login to create a community.',
  notFound: 'Community not found.',
  notAuthorized: 'You are not authorized to edit this community.',
  ownerOnly: 'Only the owner of this community can do that.',
  membersOnly: 'Only members of this community can see that.',
  noSeats: 'No available seats in this community.',
  alreadyMember: 'You are already a member of this community.',
  alreadyPending: 'Your request to join is already pending.',
  /** A declined request: asking again waits (JOIN_RETRY_DAYS); `days` left, rounded up. */
  declinedWait: (days: number) => (days === 1 ? 'Your request was declined. You can ask to join again tomorrow.' : `Your request was declined. You can ask to join again in ${days} days.`),
  paymentRequired: 'This community has a monthly membership: continue to checkout to join.',
  notPaid: 'This community is free to join.',
  ownerCannotLeave: 'The owner cannot leave their own community.',
  ownerCannotBeRemoved: 'The owner cannot be removed from the community.',
  noSuchRequest: 'There is no pending request from this person.',
  noSuchMember: 'This person is not a member of the community.',
  banned: 'You are banned from this community.',
  /** A removed member: joining again waits (JOIN_RETRY_DAYS) as a declined request does; `days` left, rounded up. */
  removedWait: (days: number) =>
    days === 1 ? 'You were removed from this community. You can ask to join again tomorrow.' : `You were removed from this community. You can ask to join again in ${days} days.`,
  saved: 'Changes saved successfully!',
  unsavedChanges: 'You have unsaved changes. Are you sure you want to leave?',
  pageSize: (max: number) => `Page size must be between 1 and ${max}.`,
  presenceIds: (max: number) => `Ask who is online about at most ${max} people at once.`,
  cursor: 'The page cursor is not valid.',
} as const;

export const COMMUNITY_LIMITS = {
  nameMax: 60,
  descriptionMax: 2000,
  rulesMax: 2000,
  partnerMax: 100,
  seatsMax: 1_000_000,
  amountMaxCents: 100_000_00,
} as const;

/**
 * The spec's "simple pattern": something@something.something, no spaces. Written so that no two
 * parts can take the same character (the domain splits at its first dot after the first
 * character): it answers in linear time, where `[^\s@]+\.[^\s@]+` backtracks quadratically.
 */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;

/** Join questions (issue 25): asked of people requesting to join a private community. */
export const JOIN_QUESTION_MESSAGES = {
  tooMany: (max: number) => `Ask at most ${max} questions.`,
  questionTooLong: (max: number) => `A question must be at most ${max} characters.`,
  answersRequired: 'Please answer every question.',
  answerTooLong: (max: number) => `An answer must be at most ${max} characters.`,
} as const;

export const JOIN_QUESTIONS_MAX = 3;
export const JOIN_QUESTION_MAX_LENGTH = 200;
export const JOIN_ANSWER_MAX_LENGTH = 500;

/** A question and the applicant's answer, as the request keeps them (the question's words as asked). */
export interface JoinAnswer {
  question: string;
  answer: string;
}

/** The member list: a page at a time, newest first; the owner's first page also holds the newest join requests. */
export const MEMBER_PAGE_SIZE = 50;
export const MEMBER_PAGE_MAX = 100;
/** Join requests sent with the first page (the badge counts them all). */
export const PENDING_SHOWN_MAX = 100;
/** Who is online: at most this many people asked about in one call (membership.online). */
export { PRESENCE_IDS_MAX };

/**
 * 'banned': banned (membership.ban), no way in until unbanned; 'declined' and 'removed' (with
 * `askAgainAt`): a declined request or a removal, while the wait before asking again lasts.
 */
export type MembershipStatus = 'none' | 'pending' | 'approved' | 'banned' | 'removed' | 'declined';

/** Days after a declined request or a removal before the person may ask to join again. */
export const JOIN_RETRY_DAYS = 7;

/** Discover: community and people lists (spec sections 2, 5 and 7). */

export const DISCOVER_MESSAGES = {
  searchTooLong: 'Search text must be at most 100 characters.',
  category: 'Please choose one of the listed categories.',
  language: 'Please choose one of the listed languages.',
  cursor: 'The page cursor is not valid.',
  limit: 'Page size must be between 1 and 50.',
  userId: 'The profile id is not valid.',
} as const;

export const SEARCH_MAX = 100;
export const COMMUNITY_PAGE_SIZE = 24;
export const COMMUNITY_PAGE_MAX = 50;

export const PEOPLE_LIMIT = LIMITS.peopleListLimit;

/** A LIKE pattern matching `text` anywhere: %, _ and \ in the text stand for themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
