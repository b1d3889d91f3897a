import { z } from 'zod';
import { CATEGORY_VALUES, COMMUNITY_LANGUAGE_VALUES, LIMITS, PRESENCE_IDS_MAX } from './constants.ts';
import { boundedText, cursorTime } from './input.ts';
import { toEmbedUrl, VIDEO_NOT_EMBEDDABLE } from './video.ts';

/** Creating, editing and joining communities (spec sections 2, 4, 5, 6 and 8). */

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

/** Trimmed text; blank becomes null (the spec sends empty optional fields as null). */
const optionalText = (field: string, max: number) =>
  boundedText(max, COMMUNITY_MESSAGES.textTooLong(field, max))
    .nullish()
    .transform((v) => (v ? v : null));

export const communityName = boundedText(COMMUNITY_LIMITS.nameMax, COMMUNITY_MESSAGES.nameTooLong, { invalid: COMMUNITY_MESSAGES.nameRequired })
  .min(1, COMMUNITY_MESSAGES.nameRequired)
  .refine((v) => !v.includes('/'), COMMUNITY_MESSAGES.nameSlash);

/**
 * The spec's "simple pattern": something@something.something, no spaces. Written so that no two
 * parts can take the same character (the domain splits at its first dot after the first
 * character): it answers in linear time, where `[^\s@]+\.[^\s@]+` backtracks quadratically.
 */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;
const contactEmail = boundedText(254, COMMUNITY_MESSAGES.contactEmail, { invalid: COMMUNITY_MESSAGES.contactEmail }).regex(SIMPLE_EMAIL, COMMUNITY_MESSAGES.contactEmail);

/** A member cap: a whole number above 0, or null for no cap. */
const seats = z
  .int({ error: COMMUNITY_MESSAGES.seats })
  .min(1, COMMUNITY_MESSAGES.seats)
  .max(COMMUNITY_LIMITS.seatsMax, COMMUNITY_MESSAGES.seats)
  .nullable();

/** A YouTube or Vimeo link, stored as typed; blank becomes null. */
const videoUrl = boundedText(2048, COMMUNITY_MESSAGES.videoNotEmbeddable)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || toEmbedUrl(v) !== null, COMMUNITY_MESSAGES.videoNotEmbeddable);

const category = z.enum(CATEGORY_VALUES, { error: COMMUNITY_MESSAGES.categoryRequired });
const language = z.enum(COMMUNITY_LANGUAGE_VALUES, { error: COMMUNITY_MESSAGES.languageRequired });
/** A logo uploaded by the caller through POST /api/uploads/community-logo (checked on the server). */
const logoUrl = boundedText(2048, COMMUNITY_MESSAGES.logoInvalid, { invalid: COMMUNITY_MESSAGES.logoRequired, trim: false }).min(1, COMMUNITY_MESSAGES.logoRequired);

/** Wizard step 1: 'Core Details'. */
export const createCommunityCore = z.object({
  name: communityName,
  logoUrl,
  category,
  language,
  contactEmail,
  availableSeats: seats,
});

/** Wizard step 2: 'Optional Details'. */
export const createCommunityOptional = z.object({
  description: optionalText('Description', COMMUNITY_LIMITS.descriptionMax),
  videoUrl,
  rules: optionalText('Rules', COMMUNITY_LIMITS.rulesMax),
  partner: optionalText('Partner', COMMUNITY_LIMITS.partnerMax),
});

export const createCommunityInput = createCommunityCore.extend({
  ...createCommunityOptional.shape,
  /** The ?ref= code the creator arrived with, if any: the referring partner earns a commission. */
  referralCode: boundedText(64).nullish(),
});
export type CreateCommunityInput = z.input<typeof createCommunityInput>;

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

/** Up to three questions asked of people requesting to join a private community (blank ones dropped). */
export const joinQuestionsInput = z
  .array(boundedText(JOIN_QUESTION_MAX_LENGTH, JOIN_QUESTION_MESSAGES.questionTooLong(JOIN_QUESTION_MAX_LENGTH)))
  .max(JOIN_QUESTIONS_MAX, JOIN_QUESTION_MESSAGES.tooMany(JOIN_QUESTIONS_MAX))
  .transform((questions) => questions.filter((q) => q !== ''));

/** The answers of a join request, in the questions' order. */
export const joinAnswersInput = z
  .array(boundedText(JOIN_ANSWER_MAX_LENGTH, JOIN_QUESTION_MESSAGES.answerTooLong(JOIN_ANSWER_MAX_LENGTH)))
  .max(JOIN_QUESTIONS_MAX, JOIN_QUESTION_MESSAGES.tooMany(JOIN_QUESTIONS_MAX));

/** A question and the applicant's answer, as the request keeps them (the question's words as asked). */
export interface JoinAnswer {
  question: string;
  answer: string;
}

/** The owner's 'Edit information' form. */
export const updateCommunityInput = createCommunityCore.extend({
  communityId: z.uuid({ error: COMMUNITY_MESSAGES.notFound }),
  ...createCommunityOptional.omit({ partner: true }).shape,
  isPrivate: z.boolean(),
  /** Monthly price in cents: 0 is free, otherwise at least 500 (US$5.00). */
  membershipAmountCents: z
    .int({ error: COMMUNITY_MESSAGES.amount })
    .min(0, COMMUNITY_MESSAGES.amount)
    .max(COMMUNITY_LIMITS.amountMaxCents, COMMUNITY_MESSAGES.amount)
    .refine((v) => v === 0 || v >= LIMITS.minMembershipCents, COMMUNITY_MESSAGES.amount),
  /** Absent: unchanged. */
  joinQuestions: joinQuestionsInput.optional(),
});
export type UpdateCommunityInput = z.input<typeof updateCommunityInput>;

export const communityIdInput = z.object({ communityId: z.uuid({ error: COMMUNITY_MESSAGES.notFound }) });
/** Joining; a private community's request carries the answers to its questions, in their order. */
export const joinInput = communityIdInput.extend({ answers: joinAnswersInput.default([]) });
const communityNameField = boundedText(200, COMMUNITY_MESSAGES.notFound).min(1, COMMUNITY_MESSAGES.notFound);
export const byNameInput = z.object({ name: communityNameField });
/** A community by id, or by the name in a page's address: one of the two. */
export const statusInput = z
  .object({ communityId: z.uuid({ error: COMMUNITY_MESSAGES.notFound }).optional(), name: communityNameField.optional() })
  .refine((input) => (input.communityId === undefined) !== (input.name === undefined), { error: COMMUNITY_MESSAGES.notFound });
/** The member list: a page at a time, newest first; the owner's first page also holds the newest join requests. */
export const MEMBER_PAGE_SIZE = 50;
export const MEMBER_PAGE_MAX = 100;
/** Join requests sent with the first page (the badge counts them all). */
export const PENDING_SHOWN_MAX = 100;
export const membersInput = communityIdInput.extend({
  limit: z
    .int({ error: COMMUNITY_MESSAGES.pageSize(MEMBER_PAGE_MAX) })
    .min(1, COMMUNITY_MESSAGES.pageSize(MEMBER_PAGE_MAX))
    .max(MEMBER_PAGE_MAX, COMMUNITY_MESSAGES.pageSize(MEMBER_PAGE_MAX))
    .default(MEMBER_PAGE_SIZE),
  /** Where the next page starts: the last member's joined_at (microseconds kept) and membership id. */
  cursor: z
    .object({ createdAt: cursorTime(COMMUNITY_MESSAGES.cursor), id: z.uuid({ error: COMMUNITY_MESSAGES.cursor }) }, { error: COMMUNITY_MESSAGES.cursor })
    .nullish(),
});
/** Who is online: the community's count, and which of these people (the avatars a page shows) are. */
export { PRESENCE_IDS_MAX };
export const onlineInput = communityIdInput.extend({
  userIds: z
    .array(z.uuid({ error: COMMUNITY_MESSAGES.noSuchMember }))
    .max(PRESENCE_IDS_MAX, COMMUNITY_MESSAGES.presenceIds(PRESENCE_IDS_MAX))
    .default([]),
});
export const memberActionInput = communityIdInput.extend({ userId: z.uuid({ error: COMMUNITY_MESSAGES.noSuchMember }) });
export const checkoutInput = communityIdInput.extend({ checkoutType: z.literal('monthly').default('monthly') });

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

/** Free text searched as a case-insensitive substring; blank means no search. */
const searchText = boundedText(SEARCH_MAX, DISCOVER_MESSAGES.searchTooLong)
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** Where the next page starts: the last row's created_at (microseconds kept) and id. */
export const communityCursor = z.object(
  {
    createdAt: cursorTime(DISCOVER_MESSAGES.cursor),
    id: z.uuid({ error: DISCOVER_MESSAGES.cursor }),
  },
  { error: DISCOVER_MESSAGES.cursor },
);
export type CommunityCursor = z.infer<typeof communityCursor>;

export const listCommunitiesInput = z.object({
  search: searchText,
  category: z.enum(CATEGORY_VALUES, { error: DISCOVER_MESSAGES.category }).optional(),
  language: z.enum(COMMUNITY_LANGUAGE_VALUES, { error: DISCOVER_MESSAGES.language }).optional(),
  limit: z.int({ error: DISCOVER_MESSAGES.limit }).min(1, DISCOVER_MESSAGES.limit).max(COMMUNITY_PAGE_MAX, DISCOVER_MESSAGES.limit).default(COMMUNITY_PAGE_SIZE),
  cursor: communityCursor.nullish(),
});
export type ListCommunitiesInput = z.input<typeof listCommunitiesInput>;

export const communitiesOfProfileInput = z.object({
  userId: z.uuid({ error: DISCOVER_MESSAGES.userId }),
});

/** People: category compared case-insensitively, so any short text is accepted. */
export const listPeopleInput = z
  .object({
    search: searchText,
    category: boundedText(50, DISCOVER_MESSAGES.category)
      .transform((v) => (v === '' ? undefined : v))
      .optional(),
  })
  .default({});
export type ListPeopleInput = z.input<typeof listPeopleInput>;

export const PEOPLE_LIMIT = LIMITS.peopleListLimit;

/** A LIKE pattern matching `text` anywhere: %, _ and \ in the text stand for themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
