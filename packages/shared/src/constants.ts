/** Product constants from the spec (sections 3 and 9), shared by web and server. */

export const CATEGORIES = [
  { value: 'coding', label: 'Coding & Development', emoji: '💻' },
  { value: 'business', label: 'Business', emoji: '💼' },
  { value: 'marketing', label: 'Digital Marketing', emoji: '📈' },
  { value: 'design', label: 'Design & Creativity', emoji: '🎨' },
  { value: 'finance', label: 'Finance & Investing', emoji: '💰' },
  { value: 'ai-ml', label: 'AI & Machine Learning', emoji: '🤖' },
  { value: 'languages', label: 'CommunityLanguage Learning', emoji: '🗣️' },
  { value: 'writing', label: 'Writing & Content Creation', emoji: '✍️' },
  { value: 'law', label: 'Law & Legal Studies', emoji: '⚖️' },
  { value: 'health', label: 'Health & Wellness', emoji: '🧘' },
  { value: 'self-improvement', label: 'Self-Improvement', emoji: '🌱' },
  { value: 'travel', label: 'Travel & Adventure', emoji: '✈️' },
  { value: 'other', label: 'Other', emoji: '✨' },
] as const;
export type Category = (typeof CATEGORIES)[number]['value'];
export const CATEGORY_VALUES = CATEGORIES.map((c) => c.value) as [Category, ...Category[]];

export const COMMUNITY_LANGUAGES = [
  { value: 'arabic', label: 'Arabic', flag: '🇸🇦' },
  { value: 'chinese', label: 'Chinese', flag: '🇨🇳' },
  { value: 'english', label: 'English', flag: '🇬🇧' },
  { value: 'french', label: 'French', flag: '🇫🇷' },
  { value: 'german', label: 'German', flag: '🇩🇪' },
  { value: 'japanese', label: 'Japanese', flag: '🇯🇵' },
  { value: 'korean', label: 'Korean', flag: '🇰🇷' },
  { value: 'portuguese', label: 'Portuguese', flag: '🇵🇹' },
  { value: 'russian', label: 'Russian', flag: '🇷🇺' },
  { value: 'spanish', label: 'Spanish', flag: '🇪🇸' },
] as const;
export type CommunityLanguage = (typeof COMMUNITY_LANGUAGES)[number]['value'];
export const COMMUNITY_LANGUAGE_VALUES = COMMUNITY_LANGUAGES.map((l) => l.value) as [CommunityLanguage, ...CommunityLanguage[]];

export const FEELINGS = [
  { value: 'happy', label: 'Happy', emoji: '😊' },
  { value: 'excited', label: 'Excited', emoji: '🤩' },
  { value: 'sad', label: 'Sad', emoji: '😢' },
  { value: 'tired', label: 'Tired', emoji: '😩' },
  { value: 'angry', label: 'Angry', emoji: '😠' },
  { value: 'in-love', label: 'In Love', emoji: '😍' },
  { value: 'silly', label: 'Silly', emoji: '🤪' },
  { value: 'blessed', label: 'Blessed', emoji: '😇' },
  { value: 'celebrating', label: 'Celebrating', emoji: '🥳' },
  { value: 'thinking', label: 'Thinking', emoji: '🤔' },
  { value: 'cool', label: 'Cool', emoji: '😎' },
  { value: 'grateful', label: 'Grateful', emoji: '🙏' },
  { value: 'sick', label: 'Sick', emoji: '🤒' },
  { value: 'working', label: 'Working', emoji: '💼' },
  { value: 'studying', label: 'Studying', emoji: '📚' },
  { value: 'hungry', label: 'Hungry', emoji: '😋' },
  { value: 'sleepy', label: 'Sleepy', emoji: '😴' },
] as const;

/** Levels page (static): share of members at each level and its reward. */
export const LEVELS = [
  { level: 1, percent: 90.83, reward: null },
  { level: 2, percent: 3.54, reward: 'Unlocks posting, chatting and Module 1' },
  { level: 3, percent: 2.04, reward: 'Unlocks Modules 2 and 3' },
  { level: 4, percent: 1.55, reward: 'Unlocks all remaining modules' },
  { level: 5, percent: 1.18, reward: 'Weekly live Q&A' },
  { level: 6, percent: 0.64, reward: 'Exclusive events' },
  { level: 7, percent: 0.19, reward: 'A VIP 1-on-1 coaching call' },
  { level: 8, percent: 0.03, reward: 'Lifetime access to an elite tier (coming soon)' },
  { level: 9, percent: 0.0, reward: 'A surprise' },
] as const;

/** The one plan sold on the landing and pricing pages; money in integer cents. */
export const PLAN = {
  name: 'Unlimited Plan',
  monthlyCents: 8900,
  sixMonthCents: 49900,
  trialDays: 30,
  moneyBackDays: 30,
} as const;

export const NOTIFY_ME_ABOUT = ['all', 'mentions', 'nothing'] as const;
/** How often the digest is e-mailed. */
export const EMAIL_DIGESTS = ['daily', 'weekly', 'off'] as const;
export const NOTIFICATION_DEFAULTS = {
  notifyMeAbout: 'all',
  communicationEmails: false,
  marketingEmails: false,
  socialEmails: true,
  securityEmails: true,
  mobileSettings: false,
  mobileNotifyMeAbout: 'all',
  emailDigest: 'weekly',
} as const;

export const LIMITS = {
  usernameMin: 2,
  usernameMax: 30,
  bioMin: 4,
  bioMax: 160,
  commentMax: 250,
  postPageSize: 10,
  chatPageSize: 20,
  peopleListLimit: 50,
  minMembershipCents: 500,
  referralCommissionPercent: 5,
  usernameChangeDays: 30,
} as const;

export const DEFAULT_FULL_NAME = 'New User';

/*
 * Constants of domains whose modules also declare zod schemas, kept here so that the web app's first
 * page can use them without zod (its bundle keeps every schema a module declares). Re-exported there.
 */

/** Error codes the server puts in /login?error=… after a failed sign-in. */
export const SIGN_IN_ERROR_CODES = ['state', 'provider', 'token', 'unverified', 'profile', 'unexpected'] as const;
export type SignInErrorCode = (typeof SIGN_IN_ERROR_CODES)[number];

/** What a stored or linked referral code may look like (a longer one only when the short one was taken). */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9]{8,48}$/;

export const FEEDBACK_LIMITS = {
  contentMax: 2000,
  commentMax: 500,
  urlMax: 2048,
  pageSize: 10,
  /** A feedback shows at most this many comments (oldest first). */
  commentsMax: 500,
} as const;

/** Who is online: people asked about in one call (membership.online), the avatars a page shows. */
export const PRESENCE_IDS_MAX = 100;
/**
 * How long one server process answers a community's presence from memory before asking the database
 * again; a page told that presence changed asks after this long, so no process answers from a read
 * made before the change.
 */
export const PRESENCE_CACHE_MS = 3000;
