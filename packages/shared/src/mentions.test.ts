import { describe, expect, it } from 'vitest';
import {
  MENTION_MAX,
  MENTION_MESSAGES,
  mentionedIds,
  mentionQueryAt,
  mentionText,
  mentionToken,
  plainMentions,
  splitMentions,
  toStored,
  toTyped,
  visibleLength,
} from './mentions.ts';

const ana = '11111111-1111-4111-8111-111111111111';
const ben = '22222222-2222-4222-8222-222222222222';

describe('mentions', () => {
  it('finds each mentioned person once, in order, in lower case', () => {
    const text = `hi ${mentionToken(ben)} and @[${ana.toUpperCase()}], again ${mentionToken(ben)}`;
    expect(mentionedIds(text)).toEqual([ben, ana]);
    expect(mentionedIds('mail me at a@b.c or @[not-a-uuid]')).toEqual([]);
  });

  it('splits a text into plain runs and mentions', () => {
    expect(splitMentions(`${mentionToken(ana)}, see this`)).toEqual([
      { type: 'mention', id: ana },
      { type: 'text', text: ', see this' },
    ]);
    expect(splitMentions('plain')).toEqual([{ type: 'text', text: 'plain' }]);
    expect(splitMentions('')).toEqual([]);
  });

  it('counts a mention as one character against a limit', () => {
    expect(visibleLength(`hi ${mentionToken(ana)}`)).toBe(4);
    const schema = mentionText(10, 'too long');
    expect(schema.safeParse(`${mentionToken(ana)} 12345678`).success).toBe(true);
    expect(schema.safeParse(`${mentionToken(ana)} 123456789`).error?.issues[0]?.message).toBe('too long');
    expect(schema.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe('too long');
  });

  it(`refuses more than ${MENTION_MAX} people in one text`, () => {
    const ids = Array.from({ length: MENTION_MAX + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const schema = mentionText(5000, 'too long');
    expect(schema.safeParse(ids.slice(0, MENTION_MAX).map(mentionToken).join(' ')).success).toBe(true);
    expect(schema.safeParse(ids.map(mentionToken).join(' ')).error?.issues[0]?.message).toBe(MENTION_MESSAGES.tooMany);
  });

  it('turns typed @usernames of picked people into tokens and back', () => {
    const people = [
      { id: ana, username: 'ana_1', fullName: 'Ana Lima', member: true },
      { id: ben, username: 'ben', fullName: 'Ben Ode', member: false },
    ];
    const typed = '@ana_1 thanks! cc @ana_12 and me@ana_1 (@ana_1)';
    const stored = toStored(typed, people);
    expect(stored).toBe(`${mentionToken(ana)} thanks! cc @ana_12 and me@ana_1 (${mentionToken(ana)})`);
    expect(toTyped(stored, people, 'someone')).toBe(typed);
    const gone = '33333333-3333-4333-8333-333333333333';
    expect(toTyped(`${mentionToken(ben)} ${mentionToken(gone)}`, people, 'someone')).toBe('@Ben Ode @someone');
    expect(plainMentions(`hi ${mentionToken(ana)}`, people)).toBe('hi @Ana Lima');
  });

  it('finds the @query being typed before the caret', () => {
    expect(mentionQueryAt('hello @an', 9)).toEqual({ start: 6, query: 'an' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('مرحبا @أح', 9)).toEqual({ start: 6, query: 'أح' });
    expect(mentionQueryAt('mail a@b', 8)).toBeNull();
    expect(mentionQueryAt('@ana lima', 9)).toBeNull();
    expect(mentionQueryAt('no at sign', 10)).toBeNull();
    expect(mentionQueryAt(`@${'a'.repeat(31)}`, 32)).toBeNull();
  });
});
