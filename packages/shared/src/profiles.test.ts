import { NOTIFICATION_DEFAULTS } from './constants.ts';
import { describe, expect, it } from 'vitest';
import { avatarLetter, generateUsername, USERNAME_PATTERN, usernameBase } from './profiles.ts';
import { safeReturnPath } from './paths.ts';

describe('generated usernames (spec section 5)', () => {
  it('lowercases the local part and keeps only letters, digits and underscores', () => {
    expect(usernameBase('Jane.Doe+news@Example.com')).toBe('janedoenews');
    expect(usernameBase('under_score99@x.io')).toBe('under_score99');
  });

  it("falls back to 'user' when nothing is left", () => {
    expect(usernameBase('.+-@example.com')).toBe('user');
    expect(generateUsername('...@example.com', 1_700_000_123_456)).toBe('user_123456');
  });

  it("appends '_' and the last six digits of the timestamp", () => {
    expect(generateUsername('Sam@example.com', 1_732_000_004_321)).toBe('sam_004321');
    expect(generateUsername('a@b.c', 42)).toBe('a_000042');
    expect(generateUsername('someone@example.com')).toMatch(USERNAME_PATTERN);
  });

  it('keeps the whole username within 30 characters', () => {
    const name = generateUsername(`${'x'.repeat(60)}@example.com`, 123_456);
    expect(name.length).toBe(30);
    expect(name.endsWith('_123456')).toBe(true);
  });
});

describe('avatar letter', () => {
  it("is the username's first letter in uppercase, or 'U'", () => {
    expect(avatarLetter('maria_123456')).toBe('M');
    expect(avatarLetter('')).toBe('U');
    expect(avatarLetter(null)).toBe('U');
  });
});

describe('safe return paths', () => {
  it('accepts same-origin paths only', () => {
    expect(safeReturnPath('/community/x?tab=posts')).toBe('/community/x?tab=posts');
    expect(safeReturnPath('//evil.example/')).toBe('/');
    expect(safeReturnPath('https://evil.example/')).toBe('/');
    expect(safeReturnPath('/\\evil.example')).toBe('/');
    expect(safeReturnPath(undefined, '/login')).toBe('/login');
  });
});

describe('notification defaults', () => {
  it('are the spec\'s: everything in the app, social and security e-mails on, the rest off', () => {
    expect(NOTIFICATION_DEFAULTS).toEqual({
      notifyMeAbout: 'all',
      communicationEmails: false,
      marketingEmails: false,
      socialEmails: true,
      securityEmails: true,
      mobileSettings: false,
      // The mobile devices' own 'Notify me about', used while mobileSettings is on.
      mobileNotifyMeAbout: 'all',
      // The digest of the most active posts, sent with communication e-mails on.
      emailDigest: 'weekly',
    });
  });
});
