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
  /** E-mail invites: each call sends up to 20, so at most 200 an hour from one person. */
  'invitations:email': { max: 10, windowSeconds: HOUR },
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
  /** A data export reads everything a person has: a few an hour (and never two at once, exports/service.ts). */
  'export:request': { max: 5, windowSeconds: HOUR },
  /**
   * A member's page rendered by the server (a posts tab costs a few hundred milliseconds of its CPU):
   * past this the person is sent the shell, which their browser draws as it always could.
   */
  'page:render': { max: 30, windowSeconds: MINUTE },
  /** Per address: nobody is signed in yet (AUTH_RATE_LIMIT_MAX sets it). */
  'auth:sign-in': { max: 20, windowSeconds: MINUTE },
  'auth:sign-out': { max: 30, windowSeconds: MINUTE },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** The longest window: a counter row older than this is over whatever its limit. */
export const LONGEST_WINDOW_SECONDS = Math.max(...Object.values(RATE_LIMITS).map((limit) => limit.windowSeconds));

/** A leaky bucket: up to `burst` calls at once, then `perSecond` on average. */
export interface CallBudgetLimit {
  burst: number;
  perSecond: number;
}

/** What one caller may hold open at once, across every server process. */
export interface LiveCap {
  sockets: number;
  subscriptions: number;
}

/** The limits on every tRPC call from the network, per person and per address (platform/rate-limit/call-limits.ts). */
export interface CallLimitsConfig {
  /** Calls (queries, mutations, subscription starts; a batch counts as its calls). */
  budget: { person: CallBudgetLimit; address: CallBudgetLimit };
  /** Open WebSockets and live subscriptions. */
  live: { person: LiveCap; address: LiveCap };
  /** Calls of one person running at once on one process; more wait their turn. */
  inFlightPerPerson: number;
}

/**
 * Generous for a person clicking (a page fires 10 to 20 queries at once, a reconnect resubscribes
 * every tab), a wall for a script. An address counts many people behind one NAT, so gets more.
 */
export const CALL_LIMITS: CallLimitsConfig = {
  budget: { person: { burst: 300, perSecond: 10 }, address: { burst: 1500, perSecond: 50 } },
  live: { person: { sockets: 20, subscriptions: 200 }, address: { sockets: 200, subscriptions: 2000 } },
  // Half the pool of ten database connections a process has.
  inFlightPerPerson: 5,
};

/** RATE_LIMIT_SCALE multiplies the budgets and caps; ADDRESS_LIMIT_SCALE the per-address ones again. Each stays at least 1. */
export function scaledCallLimits(scale = 1, addressScale = 1, base: CallLimitsConfig = CALL_LIMITS): CallLimitsConfig {
  const n = (value: number, by: number) => Math.max(1, Math.round(value * by));
  const budget = (limit: CallBudgetLimit, by: number) => ({ burst: n(limit.burst, by), perSecond: limit.perSecond * by });
  const live = (cap: LiveCap, by: number) => ({ sockets: n(cap.sockets, by), subscriptions: n(cap.subscriptions, by) });
  return {
    budget: { person: budget(base.budget.person, scale), address: budget(base.budget.address, scale * addressScale) },
    live: { person: live(base.live.person, scale), address: live(base.live.address, scale * addressScale) },
    inFlightPerPerson: base.inFlightPerPerson,
  };
}
