import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './paths.ts';

describe('safeReturnPath', () => {
  it.each([
    ['/', '/'],
    ['/community/Cooks?tab=posts#top', '/community/Cooks?tab=posts#top'],
    ['/community/%D9%85%D8%AC%D8%AA%D9%85%D8%B9', '/community/%D9%85%D8%AC%D8%AA%D9%85%D8%B9'],
    ['/a/../b', '/b'],
    // Encoded slashes and controls stay encoded: browsers read them as part of the path.
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/%09/evil.example', '/%09/evil.example'],
    ['/%5Cevil.example', '/%5Cevil.example'],
  ])('keeps the same-origin path %j', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });

  it.each([
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '\t//evil.example',
    ' /evil',
    '/ /evil.example',
    '/.//evil.example',
    '/./\\evil.example',
    '/%2e//evil.example',
    '/..//evil.example',
    'https://evil.example',
    'http:/evil.example',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'evil.example',
    '',
    '/\u0000',
    '/\u2028/evil.example',
    '/\u00a0/evil.example',
    `/${'a'.repeat(3000)}`,
    42,
    null,
    undefined,
    ['/'],
  ])('falls back for %j', (input) => {
    expect(safeReturnPath(input)).toBe('/');
    expect(safeReturnPath(input, '/home')).toBe('/home');
  });

  it('never returns something a browser would read as another origin', () => {
    const tricky = ['/', '\\', '\t', '\n', '.', '%2F', '%5C', 'evil.example', '@', ':'];
    for (const a of tricky) for (const b of tricky) for (const c of tricky) {
      const path = safeReturnPath(`/${a}${b}${c}`);
      const resolved = new URL(path.replace(/[\t\n\r]/g, ''), 'https://app.example');
      expect(resolved.origin, `/${a}${b}${c}`).toBe('https://app.example');
      expect(path.startsWith('//') || path.startsWith('/\\')).toBe(false);
    }
  });
});
