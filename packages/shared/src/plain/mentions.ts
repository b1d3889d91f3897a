/**
 * @mentions (issue 22), one format in posts, comments and chat: `@[<person's uuid>]` inside the
 * text. The text stores the id, never a name, so a renamed person stays mentioned; lists return the
 * mentioned people beside the text and the web draws `@Full Name` linking to their profile.
 *
 * Length: a text's limit counts what its reader sees, where a mention counts as one character (so
 * a comment of 250 characters may still mention people); the stored text is at most
 * `MENTION_MAX` tokens longer.
 *
 * Without zod: mentions.ts re-exports all of this beside its schemas (a text that may mention people,
 * the picker's search), and the web app imports it from here without building them
 * (packages/shared/README.md).
 */

export const MENTION_MAX = 50;

export const MENTION_MESSAGES = {
  notMember: 'You can only mention members of this community.',
  tooMany: `A text can mention at most ${MENTION_MAX} people.`,
} as const;

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
/** The same pattern, for Postgres's regexp_matches (see mentionsOf in the API). */
export const MENTION_PATTERN_SQL = `@\\[(${UUID})\\]`;
const tokens = () => new RegExp(`@\\[(${UUID})\\]`, 'g');

/** A mention's stored length (`@[` + 36 + `]`). */
export const MENTION_TOKEN_LENGTH = 39;

export function mentionToken(personId: string): string {
  return `@[${personId.toLowerCase()}]`;
}

/** The people a text mentions, each once, in order of first mention (ids in lower case). */
export function mentionedIds(text: string): string[] {
  return [...new Set([...text.matchAll(tokens())].map((m) => m[1]!.toLowerCase()))];
}

export type MentionSegment = { type: 'text'; text: string } | { type: 'mention'; id: string };

/** The text cut into plain runs and mentions, for drawing. */
export function splitMentions(text: string): MentionSegment[] {
  const segments: MentionSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(tokens())) {
    if (match.index > last) segments.push({ type: 'text', text: text.slice(last, match.index) });
    segments.push({ type: 'mention', id: match[1]!.toLowerCase() });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ type: 'text', text: text.slice(last) });
  return segments;
}

/** The length a limit counts: each mention as one character. */
export function visibleLength(text: string): number {
  let length = text.length;
  for (const _ of text.matchAll(tokens())) length -= MENTION_TOKEN_LENGTH - 1;
  return length;
}

/** A mentioned person as lists return them; `member` false once they left the community (drawn as plain text). */
export interface MentionedPerson {
  id: string;
  username: string;
  fullName: string | null;
  member: boolean;
}

/** Where the text box holds `@username` for a picked person, the stored text holds the token. */
const TYPED = /(^|[^A-Za-z0-9_])@([A-Za-z0-9_]{2,30})(?![A-Za-z0-9_])/g;

/** The text as typed (`@username` for each picked person) made into the stored text (tokens). */
export function toStored(typed: string, picked: readonly Pick<MentionedPerson, 'id' | 'username'>[]): string {
  if (picked.length === 0) return typed;
  const byName = new Map(picked.map((p) => [p.username, p.id]));
  return typed.replace(TYPED, (whole, before: string, username: string) => {
    const id = byName.get(username);
    return id ? `${before}${mentionToken(id)}` : whole;
  });
}

/**
 * The stored text made editable: a member's mention becomes `@username` (made a token again by
 * toStored), anyone else's the plain `@Full Name` (or `@` + `unknown` for an account gone).
 */
export function toTyped(stored: string, people: readonly MentionedPerson[], unknown: string): string {
  const byId = new Map(people.map((p) => [p.id, p]));
  return splitMentions(stored)
    .map((segment) => {
      if (segment.type === 'text') return segment.text;
      const person = byId.get(segment.id);
      if (!person) return `@${unknown}`;
      return person.member ? `@${person.username}` : `@${person.fullName ?? person.username}`;
    })
    .join('');
}

/** The text as plain words (a webhook's title, an excerpt): each mention as `@Full Name`. */
export function plainMentions(stored: string, people: readonly MentionedPerson[]): string {
  return toTyped(stored, people.map((p) => ({ ...p, member: false })), '');
}

/** The `@query` being typed just before the caret, if any: what the member picker filters by. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const at = text.lastIndexOf('@', caret - 1);
  if (at < 0 || caret - at > 31) return null;
  if (at > 0 && !/\s/u.test(text[at - 1]!)) return null;
  const query = text.slice(at + 1, caret);
  if (/[\s@]/u.test(query)) return null;
  return { start: at, query };
}
