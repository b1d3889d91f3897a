import { notifications } from '@mantine/notifications';
import i18n from '../i18n/index.ts';
import { RATE_LIMITED_RETRIES, rateLimitWait } from './retry.ts';

/** A 429 from one of the plain HTTP routes (uploads, sign-out), with its Retry-After. */
export class RateLimitedError extends Error {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The Retry-After of a 429 answer (seconds; 1 when it carries none). */
export function rateLimitOfResponse(res: Response, message: string): RateLimitedError | null {
  if (res.status !== 429) return null;
  return new RateLimitedError(message, Math.max(1, Number(res.headers.get('retry-after')) || 1));
}

/** The seconds to wait when `error` is a refusal over a rate limit (tRPC's TOO_MANY_REQUESTS or a 429); null otherwise. */
export function retryAfterOf(error: unknown): number | null {
  if (error instanceof RateLimitedError) return error.retryAfterSeconds;
  return rateLimitWait(error);
}

export function isRateLimited(error: unknown): boolean {
  return retryAfterOf(error) !== null;
}

const NOTICE_ID = 'rate-limited';

/**
 * The one calm note for any write refused over a limit: nothing is wrong, it only needs a moment.
 * Shown once however many writes were refused (the latest wait replaces the earlier).
 */
export function showRateLimitNotice(seconds: number): void {
  const notice = { id: NOTICE_ID, color: 'blue', autoClose: 6000, message: i18n.t('rateLimit.notice', { count: seconds }) };
  notifications.update(notice);
  notifications.show(notice);
}

/**
 * For the query client's queries: a read refused over a limit is tried again after the wait the
 * server asked for (retry.ts), saying so calmly once; anything else is retried once, as before.
 */
export function retryQuery(failureCount: number, error: unknown): boolean {
  const seconds = retryAfterOf(error);
  if (seconds === null) return failureCount < 1;
  if (failureCount < RATE_LIMITED_RETRIES) {
    const notice = { id: NOTICE_ID, color: 'blue', autoClose: 6000, message: i18n.t('rateLimit.retrying', { count: seconds }) };
    notifications.update(notice);
    notifications.show(notice);
    return true;
  }
  showRateLimitNotice(seconds);
  return false;
}

/** For the query client's MutationCache: every mutation refused over a limit says so calmly, once, here. */
export function noticeRateLimit(error: unknown): void {
  const seconds = retryAfterOf(error);
  if (seconds !== null) showRateLimitNotice(seconds);
}
