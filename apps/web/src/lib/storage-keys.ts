/** Browser storage keys named by the spec (section 7). */
export const STORAGE = {
  redirectPath: 'redirectPath',
  pendingJoin: 'pendingJoinCommunity',
  referralCode: 'referral_code',
} as const;

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

/** A referral code is kept unless one is stored already (the first referrer wins). */
export function rememberReferralCode(code: string | null | undefined) {
  const ref = code?.trim();
  if (ref && /^[\w-]{1,64}$/.test(ref) && !store.get(STORAGE.referralCode)) store.set(STORAGE.referralCode, ref);
}

/** On start, a ?ref= code is kept as the referral code unless one is stored already. */
export function rememberReferral(search: string) {
  rememberReferralCode(new URLSearchParams(search).get('ref'));
}
