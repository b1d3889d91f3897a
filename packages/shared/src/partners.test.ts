import { describe, expect, it } from 'vitest';
import { centsText, commissionCents, REFERRAL_CODE_ALPHABET, referralCodeSpellings, referralLink, REFERRAL_CODE_PATTERN, usd } from './partners.ts';

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
  it('is read as written and in capitals, so old mixed-case codes and new codes typed in small letters both resolve', () => {
    expect(referralCodeSpellings('M2YyYTlj')).toEqual(['M2YyYTlj', 'M2YYYTLJ']);
    expect(referralCodeSpellings(' k7q2xm9p ')).toEqual(['k7q2xm9p', 'K7Q2XM9P']);
    expect(referralCodeSpellings('K7Q2XM9P')).toEqual(['K7Q2XM9P']);
  });

  it('has an alphabet without look-alike characters that the code pattern accepts', () => {
    for (const lookAlike of '0O1IL') expect(REFERRAL_CODE_ALPHABET).not.toContain(lookAlike);
    expect(new Set(REFERRAL_CODE_ALPHABET).size).toBe(REFERRAL_CODE_ALPHABET.length);
    expect(REFERRAL_CODE_ALPHABET.repeat(2).slice(0, 48)).toMatch(REFERRAL_CODE_PATTERN);
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
