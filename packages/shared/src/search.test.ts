import { describe, expect, it } from 'vitest';
import { excerpt, highlightParts, normalizeForSearch, searchWords, SEARCH_LIMITS } from './search.ts';

describe('search text helpers', () => {
  it('folds Arabic diacritics, tatweel and letter variants, and lower-cases', () => {
    expect(normalizeForSearch('مَدْرَسَةٌ')).toBe('مدرسه');
    expect(normalizeForSearch('أإآٱ')).toBe('اااا');
    expect(normalizeForSearch('مستشفى كـتـاب')).toBe('مستشفي كتاب');
    expect(normalizeForSearch('Running')).toBe('running');
  });

  it('keeps a query to its words: letters and digits, each once, at most eight', () => {
    expect(searchWords(`run & !garden | 'x:* (run)`)).toEqual(['run', 'garden', 'x']);
    expect(searchWords('!! :* &')).toEqual([]);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(SEARCH_LIMITS.maxWords);
    expect(searchWords('أَحْمَد')).toEqual(['احمد']);
  });

  it('marks the words starting with a term, in text kept as written', () => {
    expect(highlightParts('The runners run <b>', ['run'])).toEqual([
      { text: 'The ', match: false },
      { text: 'runners', match: true },
      { text: ' ', match: false },
      { text: 'run', match: true },
      { text: ' <b>', match: false },
    ]);
    expect(highlightParts('عندي أَمَلٌ كبير', ['امل']).filter((part) => part.match)).toEqual([{ text: 'أَمَلٌ', match: true }]);
    expect(highlightParts('nothing here', ['zzz'])).toEqual([{ text: 'nothing here', match: false }]);
  });

  it('cuts a long text around its first match, marking the cuts', () => {
    const text = `${'filler '.repeat(60)}the needle is here ${'more '.repeat(60)}`;
    const cut = excerpt(text, ['needle'], 60);
    expect(cut).toContain('needle');
    expect(cut.startsWith('…')).toBe(true);
    expect(cut.endsWith('…')).toBe(true);
    expect(excerpt('  short\n text ', ['x'])).toBe('short text');
  });
});
