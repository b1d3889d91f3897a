import { z } from 'zod';
import { CATEGORY_VALUES, COMMUNITY_LANGUAGE_VALUES, LIMITS, PRESENCE_IDS_MAX } from './constants.ts';
import { boundedText, cursorTime } from './input.ts';
import {
  COMMUNITY_LIMITS,
  COMMUNITY_MESSAGES,
  COMMUNITY_PAGE_MAX,
  COMMUNITY_PAGE_SIZE,
  DISCOVER_MESSAGES,
  JOIN_ANSWER_MAX_LENGTH,
  JOIN_QUESTION_MAX_LENGTH,
  JOIN_QUESTION_MESSAGES,
  JOIN_QUESTIONS_MAX,
  MEMBER_PAGE_MAX,
  MEMBER_PAGE_SIZE,
  SEARCH_MAX,
  SIMPLE_EMAIL,
} from './plain/communities.ts';
import { toEmbedUrl } from './video.ts';

/** Creating, editing and joining communities (spec sections 2, 4, 5, 6 and 8). */

// The zod-free part (messages, limits, helpers), a module of its own so that the web app reads it without building these schemas.
export * from './plain/communities.ts';

/** Trimmed text; blank becomes null (the spec sends empty optional fields as null). */
const optionalText = (field: string, max: number) =>
  boundedText(max, COMMUNITY_MESSAGES.textTooLong(field, max))
    .nullish()
    .transform((v) => (v ? v : null));

export const communityName = boundedText(COMMUNITY_LIMITS.nameMax, COMMUNITY_MESSAGES.nameTooLong, { invalid: COMMUNITY_MESSAGES.nameRequired })
  .min(1, COMMUNITY_MESSAGES.nameRequired)
  .refine((v) => !v.includes('/'), COMMUNITY_MESSAGES.nameSlash);

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

/** Up to three questions asked of people requesting to join a private community (blank ones dropped). */
export const joinQuestionsInput = z
  .array(boundedText(JOIN_QUESTION_MAX_LENGTH, JOIN_QUESTION_MESSAGES.questionTooLong(JOIN_QUESTION_MAX_LENGTH)))
  .max(JOIN_QUESTIONS_MAX, JOIN_QUESTION_MESSAGES.tooMany(JOIN_QUESTIONS_MAX))
  .transform((questions) => questions.filter((q) => q !== ''));

/** The answers of a join request, in the questions' order. */
export const joinAnswersInput = z
  .array(boundedText(JOIN_ANSWER_MAX_LENGTH, JOIN_QUESTION_MESSAGES.answerTooLong(JOIN_ANSWER_MAX_LENGTH)))
  .max(JOIN_QUESTIONS_MAX, JOIN_QUESTION_MESSAGES.tooMany(JOIN_QUESTIONS_MAX));

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
/** A page of the member list (its sizes: MEMBER_PAGE_SIZE and MEMBER_PAGE_MAX). */
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
export const onlineInput = communityIdInput.extend({
  userIds: z
    .array(z.uuid({ error: COMMUNITY_MESSAGES.noSuchMember }))
    .max(PRESENCE_IDS_MAX, COMMUNITY_MESSAGES.presenceIds(PRESENCE_IDS_MAX))
    .default([]),
});
export const memberActionInput = communityIdInput.extend({ userId: z.uuid({ error: COMMUNITY_MESSAGES.noSuchMember }) });
export const checkoutInput = communityIdInput.extend({ checkoutType: z.literal('monthly').default('monthly') });

/** Discover: community and people lists (spec sections 2, 5 and 7). */

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
