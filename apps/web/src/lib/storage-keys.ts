import { REFERRAL_CODE_PATTERN } from '@app/shared/constants';

/** Browser storage keys named by the spec (section 7), and when the referral code was kept. */
export const STORAGE = {
  redirectPath: 'redirectPath',
  pendingJoin: 'pendingJoinCommunity',
  referralCode: 'referral_code',
  referralCodeSavedAt: 'referral_code_saved_at',
} as const;

/** A referral is remembered for 30 days from the visit that brought it. */
export const REFERRAL_DAYS = 30;
const REFERRAL_MS = REFERRAL_DAYS * 24 * 60 * 60 * 1000;

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const store = {
  get: (key: string) => safe(() => window.localStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => window.localStorage.setItem(key, value), undefined),
  remove: (key: string) => safe(() => window.localStorage.removeItem(key), undefined),
};

/**
 * The referral code this browser arrived with, while it lasts (30 days); an expired one is forgotten.
 * A code kept before codes were dated starts its 30 days now.
 */
export function storedReferralCode(now = Date.now()): string | null {
  const code = store.get(STORAGE.referralCode);
  if (!code) return null;
  const savedAt = Number(store.get(STORAGE.referralCodeSavedAt));
  if (!Number.isFinite(savedAt) || savedAt <= 0) {
    store.set(STORAGE.referralCodeSavedAt, String(now));
    return code;
  }
  if (now - savedAt > REFERRAL_MS) {
    store.remove(STORAGE.referralCode);
    store.remove(STORAGE.referralCodeSavedAt);
    return null;
  }
  return code;
}

/** First touch: a referral code is kept unless one is still kept from an earlier visit. */
export function rememberReferralCode(code: string | null | undefined, now = Date.now()) {
  const ref = code?.trim();
  if (!ref || !REFERRAL_CODE_PATTERN.test(ref) || storedReferralCode(now)) return;
  store.set(STORAGE.referralCode, ref);
  store.set(STORAGE.referralCodeSavedAt, String(now));
}

/** On start, a ?ref= code on any page is kept (see rememberReferralCode). */
export function rememberReferral(search: string) {
  rememberReferralCode(new URLSearchParams(search).get('ref'));
}
