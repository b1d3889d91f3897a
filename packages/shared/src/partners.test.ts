import { describe, expect, it } from 'vitest';
import { centsText, commissionCents, referralCodeOf, referralLink, REFERRAL_CODE_PATTERN, usd } from './partners.ts';

describe('the commission', () => {
  it('is 5% in whole cents, rounded half up once', () => {
    expect(commissionCents(999)).toBe(50); // 49.95
    expect(commissionCents(1009)).toBe(50); // 50.45
    expect(commissionCents(1010)).toBe(51); // 50.5
    expect(commissionCents(10)).toBe(1); // 0.5
    expect(commissionCents(9)).toBe(0); // 0.45
    expect(commissionCents(0)).toBe(0);
    expect(commissionCents(8900)).toBe(445);
  });

  it('refuses what is not an amount in cents', () => {
    expect(() => commissionCents(-1)).toThrow(RangeError);
    expect(() => commissionCents(1.5)).toThrow(RangeError);
  });
});

describe('the referral code and link', () => {
  it('is the first 8 characters of the base64 user id: letters and digits only', () => {
    const id = '3f2a9c1e-7b44-4d21-9a0b-5c6d7e8f9a0b';
    expect(referralCodeOf(id)).toBe(Buffer.from(id).toString('base64').slice(0, 8));
    expect(referralCodeOf(id)).toBe('M2YyYTlj');
    for (let i = 0; i < 200; i++) expect(referralCodeOf(crypto.randomUUID())).toMatch(REFERRAL_CODE_PATTERN);
    expect(referralCodeOf(id, 12)).toMatch(/^M2YyYTlj.{4}$/);
  });

  it('is the site origin with ?ref= and the code', () => {
    expect(referralLink('https://commonroom.example', 'M2YyYTlj')).toBe('https://commonroom.example?ref=M2YyYTlj');
  });
});

describe('amounts as text', () => {
  it('are exact, without float arithmetic', () => {
    expect(centsText(5)).toBe('0.05');
    expect(centsText(-125)).toBe('-1.25');
    expect(usd(100)).toBe('US$1.00');
    expect(usd(-25)).toBe('-US$0.25');
  });
});
