import { describe, expect, it } from 'vitest';
import { acceptedLanguages, languageCookie, pickLanguage } from './language.ts';

describe('pickLanguage', () => {
  it('takes the chosen language first, then the first preferred one spoken, else English', () => {
    expect(pickLanguage('ar', ['en-US'])).toBe('ar');
    expect(pickLanguage('en', ['ar'])).toBe('en');
    expect(pickLanguage(undefined, ['fr-FR', 'ar-EG', 'en'])).toBe('ar');
    expect(pickLanguage('xx', ['de', 'fr'])).toBe('en');
    expect(pickLanguage(null, [])).toBe('en');
  });
});

describe('acceptedLanguages', () => {
  it('orders tags by quality, keeps ties in order, drops * and q=0', () => {
    expect(acceptedLanguages('fr;q=0.5, ar-SA;q=0.9, en;q=0, *;q=0.1, de')).toEqual(['de', 'ar-SA', 'fr']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(pickLanguage(undefined, acceptedLanguages('en;q=0.8, ar'))).toBe('ar');
  });
});

describe('languageCookie', () => {
  it('reads the lang cookie among others', () => {
    expect(languageCookie('session=abc; lang=ar; x=1')).toBe('ar');
    expect(languageCookie('session=abc')).toBeUndefined();
    expect(languageCookie(undefined)).toBeUndefined();
  });
});
