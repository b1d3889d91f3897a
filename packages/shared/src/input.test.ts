import { describe, expect, it } from 'vitest';
import { COMMUNITY_MESSAGES, createCommunityCore, SIMPLE_EMAIL } from './communities.ts';
import { boundedDate, boundedText, cursorTime, INPUT_MESSAGES, lastEventId } from './input.ts';
// The one CPU clock of the tests (node only, as this test is): packages/shared has no test support of its own.
import { cpuTimed } from '../../api/src/testing/cpu.ts';

/** The spec's pattern as first written: right, but quadratic on a long near-miss. */
const SPEC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every string of `alphabet` up to `maxLength` characters long. */
function strings(alphabet: string[], maxLength: number): string[] {
  const all = [''];
  for (let start = 0; all[start]!.length < maxLength; start += 1) for (const c of alphabet) all.push(all[start] + c);
  return all;
}

/** The CPU time `work` took on this thread: a busy machine delays it but cannot make it fail. */
const elapsed = (work: () => unknown) => cpuTimed(work).ms;

describe('SIMPLE_EMAIL', () => {
  it("answers as the spec's pattern does, on every short string of the characters that matter", () => {
    let count = 0;
    for (const s of strings(['a', '@', '.', ' '], 7)) {
      count += 1;
      expect(SIMPLE_EMAIL.test(s), JSON.stringify(s)).toBe(SPEC_EMAIL.test(s));
    }
    expect(count).toBe(21845);
    expect(SIMPLE_EMAIL.test('owner@example.com')).toBe(true);
    expect(SIMPLE_EMAIL.test('a@..b')).toBe(true);
    expect(SIMPLE_EMAIL.test('a@b.')).toBe(false);
  });

  it('answers in linear time where the first pattern took seconds', () => {
    for (const s of ['a@' + 'b.'.repeat(50_000) + ' ', 'a@b' + '.b'.repeat(50_000) + '@', 'a@'.repeat(50_000)]) {
      expect(elapsed(() => SIMPLE_EMAIL.test(s))).toBeLessThan(20);
    }
  });

  it('the contact e-mail field refuses a long one before the pattern runs, in the form\'s words', () => {
    const email = createCommunityCore.shape.contactEmail;
    const long = 'a@' + 'b.'.repeat(50_000) + ' x';
    let result: ReturnType<typeof email.safeParse> | undefined;
    expect(elapsed(() => (result = email.safeParse(long)))).toBeLessThan(20);
    expect(result?.error?.issues.map((i) => i.message)).toEqual([COMMUNITY_MESSAGES.contactEmail]);
  });
});

describe('boundedText', () => {
  it('measures the trimmed text and stops there: later rules never see a longer one', () => {
    let seen = 0;
    const field = boundedText(5, 'too long').refine(() => {
      seen += 1;
      return true;
    });
    expect(field.parse('  abcde  ')).toBe('abcde');
    expect(seen).toBe(1);
    expect(field.safeParse('abcdef').error?.issues.map((i) => i.message)).toEqual(['too long']);
    expect(seen).toBe(1);
  });

  it('refuses U+0000, which Postgres text cannot store', () => {
    expect(boundedText(10).safeParse('a\u0000b').error?.issues.map((i) => i.message)).toEqual([INPUT_MESSAGES.unsupportedCharacter]);
  });

  it('refuses half a surrogate pair (JSON in Postgres rejects it: a post with one failed with a 500), keeps whole ones', () => {
    for (const lone of ['A\ud800 post', '\udc00', 'end\ud83d', '\ude00start']) {
      expect(boundedText(20).safeParse(lone).error?.issues.map((i) => i.message), JSON.stringify(lone)).toEqual([INPUT_MESSAGES.unsupportedCharacter]);
    }
    expect(boundedText(20).safeParse('smile \ud83d\ude00').success).toBe(true);
    expect(boundedText(20).safeParse('مرحبا 😀 🇸🇦').success).toBe(true);
  });
});

describe('cursorTime', () => {
  const time = cursorTime('bad cursor');
  it('takes the times the server writes and refuses what Postgres cannot read', () => {
    expect(time.safeParse('2024-05-01T10:00:00.123456Z').success).toBe(true);
    expect(time.safeParse('0000-01-01T00:00:00Z').success).toBe(false);
    expect(time.safeParse('2024-05-01T10:00:00.' + '1'.repeat(30) + 'Z').success).toBe(false);
    expect(elapsed(() => time.safeParse('2024-05-01T10:00:00.' + '1'.repeat(100_000)))).toBeLessThan(20);
  });
});

describe('boundedDate', () => {
  const date = boundedDate('no date');
  const refusal = (value: unknown) => date.safeParse(value).error?.issues.map((issue) => issue.message);
  it('takes the years 1900 to 9999 and refuses, in words, what is outside them or no date at all', () => {
    expect(date.safeParse(new Date('1900-01-01T00:00:00Z')).success).toBe(true);
    expect(date.safeParse(new Date('9999-12-31T23:59:59.999Z')).success).toBe(true);
    for (const far of ['1899-12-31T23:59:59.999Z', '+010000-01-01T00:00:00Z', '-271821-04-20T00:00:00Z', '-004714-11-24T00:00:00Z']) {
      expect(refusal(new Date(far)), far).toEqual([INPUT_MESSAGES.dateRange(1900, 9999)]);
    }
    expect(refusal(new Date('nope'))).toEqual(['no date']);
    expect(refusal('2030-01-01')).toEqual(['no date']);
  });
});

describe('lastEventId', () => {
  it('a bigint of at most 18 digits', () => {
    expect(lastEventId.safeParse('123').success).toBe(true);
    expect(lastEventId.safeParse('1'.repeat(19)).success).toBe(false);
    expect(lastEventId.safeParse('12a').success).toBe(false);
  });

  it("or a page's live position: an id and a time in milliseconds", () => {
    expect(lastEventId.safeParse('123@1796500873187').success).toBe(true);
    expect(lastEventId.safeParse('0@1796500873187').success).toBe(true);
    expect(lastEventId.safeParse('123@').success).toBe(false);
    expect(lastEventId.safeParse('@1796500873187').success).toBe(false);
    expect(lastEventId.safeParse('1@2@3').success).toBe(false);
    expect(lastEventId.safeParse(`1@${'9'.repeat(14)}`).success).toBe(false);
  });
});
