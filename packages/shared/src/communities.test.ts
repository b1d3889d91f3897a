import { describe, expect, it } from 'vitest';
import { containsPattern, listCommunitiesInput, listPeopleInput } from './communities.ts';

describe('search patterns', () => {
  it('matches the text anywhere', () => {
    expect(containsPattern('yoga')).toBe('%yoga%');
  });

  it('makes LIKE wildcards and the escape character literal', () => {
    expect(containsPattern('100%')).toBe('%100\\%%');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(containsPattern('back\\slash')).toBe('%back\\\\slash%');
  });
});

describe('Discover inputs', () => {
  it('trims the search and treats blank as no search', () => {
    expect(listCommunitiesInput.parse({ search: '  Yoga ' })).toMatchObject({ search: 'Yoga', limit: 24 });
    expect(listCommunitiesInput.parse({ search: '   ' }).search).toBeUndefined();
    expect(listPeopleInput.parse(undefined)).toEqual({});
  });

  it('refuses long searches and unknown categories with readable messages', () => {
    const long = listCommunitiesInput.safeParse({ search: 'x'.repeat(101) });
    expect(long.error?.issues[0]?.message).toBe('Search text must be at most 100 characters.');
    const category = listCommunitiesInput.safeParse({ category: 'cooking' });
    expect(category.error?.issues[0]?.message).toBe('Please choose one of the listed categories.');
    const cursor = listCommunitiesInput.safeParse({ cursor: { createdAt: 'yesterday', id: 'x' } });
    expect(cursor.success).toBe(false);
  });
});
