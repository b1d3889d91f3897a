import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberReferral, rememberReferralCode, STORAGE, storedReferralCode } from './storage-keys.ts';

const DAY = 24 * 60 * 60 * 1000;

/** A localStorage of its own for each test. */
beforeEach(() => {
  const items = new Map<string, string>();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the referral code a visitor arrived with', () => {
  it('is kept from any page’s ?ref= and read back, for 30 days', () => {
    const start = Date.UTC(2026, 0, 1);
    rememberReferralCode('M2YyYTlj', start);
    expect(window.localStorage.getItem(STORAGE.referralCode)).toBe('M2YyYTlj');
    expect(storedReferralCode(start + 30 * DAY)).toBe('M2YyYTlj');
    expect(storedReferralCode(start + 30 * DAY + 1)).toBeNull();
    expect(window.localStorage.getItem(STORAGE.referralCode)).toBeNull();
  });

  it('first touch wins while it lasts; after it expires a new one is kept', () => {
    const start = Date.UTC(2026, 0, 1);
    rememberReferralCode('FirstOne', start);
    rememberReferralCode('SecondOne', start + 5 * DAY);
    expect(storedReferralCode(start + 6 * DAY)).toBe('FirstOne');
    rememberReferralCode('ThirdOne9', start + 31 * DAY);
    expect(storedReferralCode(start + 31 * DAY)).toBe('ThirdOne9');
  });

  it('ignores what cannot be a referral code', () => {
    for (const bad of ['', '   ', 'short', 'has space1', '<script>alert(1)</script>', 'a'.repeat(49)]) rememberReferralCode(bad);
    expect(storedReferralCode()).toBeNull();
    rememberReferral('?ref=M2YyYTlj&x=1');
    expect(storedReferralCode()).toBe('M2YyYTlj');
  });

  it('dates a code kept before codes were dated from now', () => {
    window.localStorage.setItem(STORAGE.referralCode, 'OldCode12');
    const now = Date.UTC(2026, 5, 1);
    expect(storedReferralCode(now)).toBe('OldCode12');
    expect(storedReferralCode(now + 31 * DAY)).toBeNull();
  });
});
