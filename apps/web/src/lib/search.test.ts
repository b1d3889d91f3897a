import { describe, expect, it } from 'vitest';
import { oneOf, textParam, uuidParam } from './search.ts';

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

  it('keeps an id and drops anything else (a deep link to a post, comment or event)', () => {
    expect(uuidParam('0b7c5d2e-8f1a-4c3b-9d6e-1a2b3c4d5e6f')).toBe('0b7c5d2e-8f1a-4c3b-9d6e-1a2b3c4d5e6f');
    expect(uuidParam('not-an-id')).toBeUndefined();
    expect(uuidParam(7)).toBeUndefined();
  });
});
