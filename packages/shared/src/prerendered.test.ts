import { describe, expect, it } from 'vitest';
import { readTimeZoneCookie, timeZoneCookie, timeZoneCookieValue } from './prerendered.ts';

describe('the time zone cookie', () => {
  it('carries the zone and the offset it was written at', () => {
    const header = `session=abc; tz=${timeZoneCookieValue('Europe/Paris', -60)}; other=1`;
    expect(readTimeZoneCookie(header)).toEqual({ zone: 'Europe/Paris', offset: -60 });
    expect(timeZoneCookie(header)).toBe('Europe/Paris');
    expect(readTimeZoneCookie(`tz=${timeZoneCookieValue('America/St_Johns', 150)}`)).toEqual({ zone: 'America/St_Johns', offset: 150 });
  });

  it('reads a cookie written before the offset was kept as a zone of unknown offset', () => {
    expect(readTimeZoneCookie('tz=Europe%2FParis')).toEqual({ zone: 'Europe/Paris', offset: null });
    expect(timeZoneCookie('tz=Europe%2FParis')).toBe('Europe/Paris');
  });

  it('reads no zone from a missing, empty or broken cookie, and no offset from a broken one', () => {
    expect(readTimeZoneCookie(undefined)).toBeUndefined();
    expect(readTimeZoneCookie('session=abc')).toBeUndefined();
    expect(readTimeZoneCookie('tz=')).toBeUndefined();
    expect(readTimeZoneCookie('tz=%E0%A4%A')).toBeUndefined();
    expect(readTimeZoneCookie('notz=UTC')).toBeUndefined();
    expect(readTimeZoneCookie('tz=UTC%7Csoon')).toEqual({ zone: 'UTC', offset: null });
  });
});
