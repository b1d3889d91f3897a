import type { Queryable } from '@app/db';
import { AppError } from '../../core/errors.ts';
import { RATE_LIMITS, type RateLimit, type RateLimitName } from './limits.ts';
import { hitRateLimit, type RateLimitHit } from './store.ts';

export function rateLimitMessage(seconds: number): string {
  return `You're doing that a bit fast. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`;
}

/** A refusal over a limit: TOO_MANY_REQUESTS (429), with the seconds to wait (Retry-After, and `data.retryAfter` over tRPC). */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, message = rateLimitMessage(retryAfterSeconds)) {
    super('TOO_MANY_REQUESTS', message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface RateLimiterOptions {
  /** Multiplies every limit's `max` (RATE_LIMIT_SCALE); each stays at least 1. */
  scale?: number;
  /** Limits the configuration sets outright (AUTH_RATE_LIMIT_MAX), not scaled. */
  overrides?: Partial<Record<RateLimitName, Partial<RateLimit>>>;
}

export interface RateLimiter {
  /** The limit as configured (scaled, overridden). */
  limit(name: RateLimitName): RateLimit;
  /** Counts one hit of `name` by `subject` (a user id, `address:…`, or `procedure:user id` for the default). */
  hit(name: RateLimitName, subject: string): Promise<RateLimitHit>;
  /** Counts one hit and throws RateLimitedError when it is over the limit. */
  enforce(name: RateLimitName, subject: string): Promise<void>;
}

/** The limits of RATE_LIMITS over the shared counters in `rate_limits`, keyed `{name}:{subject}`. */
export function createRateLimiter(db: Queryable, { scale = 1, overrides = {} }: RateLimiterOptions = {}): RateLimiter {
  const limits = Object.fromEntries(
    (Object.entries(RATE_LIMITS) as [RateLimitName, RateLimit][]).map(([name, limit]) => [
      name,
      { max: Math.max(1, Math.round(limit.max * scale)), windowSeconds: limit.windowSeconds, ...overrides[name] },
    ]),
  ) as Record<RateLimitName, RateLimit>;

  const limiter: RateLimiter = {
    limit: (name) => limits[name],
    hit: (name, subject) => hitRateLimit(db, `${name}:${subject}`, limits[name]),
    async enforce(name, subject) {
      const { allowed, retryAfterSeconds } = await limiter.hit(name, subject);
      if (!allowed) throw new RateLimitedError(retryAfterSeconds);
    },
  };
  return limiter;
}
