/** A fixed window: at most `max` hits in `windowSeconds` by one caller. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Every write's limit, counted per caller (a signed-in person; an address when nobody is): generous
 * for a person clicking, a wall for a script. A tRPC mutation names its limit with
 * `.meta({ rateLimit })`; one that names none gets `mutation`, counted per procedure.
 */
export const RATE_LIMITS = {
  mutation: { max: 120, windowSeconds: MINUTE },
  'post:create': { max: 30, windowSeconds: MINUTE },
  'post:like': { max: 120, windowSeconds: MINUTE },
  'comment:create': { max: 60, windowSeconds: MINUTE },
  'chat:send': { max: 60, windowSeconds: MINUTE },
  'membership:join': { max: 30, windowSeconds: 10 * MINUTE },
  'membership:leave': { max: 30, windowSeconds: 10 * MINUTE },
  'community:create': { max: 10, windowSeconds: HOUR },
  'payments:checkout': { max: 20, windowSeconds: 10 * MINUTE },
  'payments:pay': { max: 20, windowSeconds: 10 * MINUTE },
  'feedback:create': { max: 10, windowSeconds: HOUR },
  'feedback:update': { max: 30, windowSeconds: 10 * MINUTE },
  /** An admin clearing the wall deletes more than an author does. */
  'feedback:delete': { max: 120, windowSeconds: HOUR },
  'feedback-comment:create': { max: 30, windowSeconds: MINUTE },
  'feedback-comment:delete': { max: 60, windowSeconds: MINUTE },
  'partner:join': { max: 20, windowSeconds: 10 * MINUTE },
  'partner:payout': { max: 60, windowSeconds: HOUR },
  upload: { max: 60, windowSeconds: MINUTE },
  /** Per address: nobody is signed in yet (AUTH_RATE_LIMIT_MAX sets it). */
  'auth:sign-in': { max: 20, windowSeconds: MINUTE },
  'auth:sign-out': { max: 30, windowSeconds: MINUTE },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** The longest window: a counter row older than this is over whatever its limit. */
export const LONGEST_WINDOW_SECONDS = Math.max(...Object.values(RATE_LIMITS).map((limit) => limit.windowSeconds));
