import { describe, expect, it } from 'vitest';
import { oneOf, textParam } from './search.ts';

describe('search params', () => {
  it('keeps a value from the list and drops anything else', () => {
    expect(oneOf(['posts', 'about'], 'about')).toBe('about');
    expect(oneOf(['posts', 'about'], 'other')).toBeUndefined();
    expect(oneOf(['posts', 'about'], 1)).toBeUndefined();
    expect(oneOf(['posts', 'about'], undefined)).toBeUndefined();
  });

  it('keeps text up to its length and drops anything else', () => {
    expect(textParam('M2YyYTlj')).toBe('M2YyYTlj');
    expect(textParam('x'.repeat(65), 64)).toBeUndefined();
    expect(textParam(42)).toBeUndefined();
    expect(textParam({ a: 1 })).toBeUndefined();
  });
});
