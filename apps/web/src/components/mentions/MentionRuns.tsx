import { Anchor } from '@mantine/core';
import { splitMentions, type MentionedPerson } from '@app/shared/plain/mentions';
import { findLinks } from '@app/shared/video';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterAnchor } from '../RouterLinks.tsx';

/** A plain run: its web links clickable (opened in a new tab, never given our referrer's trust). */
function linked(text: string, key: number, onColor: boolean): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const link of findLinks(text)) {
    if (link.start > last) parts.push(text.slice(last, link.start));
    parts.push(
      <Anchor key={`${key}:${link.start}`} href={link.href} target="_blank" rel="noopener noreferrer nofollow ugc" inherit {...(onColor ? { c: 'inherit', underline: 'always' } : {})}>
        {link.text}
      </Anchor>,
    );
    last = link.end;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

interface MentionRunsProps {
  text: string;
  /** The people the text mentions, as the list returned them; without, the text takes no mentions (the feedback wall). */
  mentions?: readonly MentionedPerson[];
  /** On a coloured bubble (one's own chat message): links in the text's colour, underlined. */
  onColor?: boolean;
}

/**
 * A stored text drawn: `@Full Name` linking to the profile for a member mentioned, plain
 * `@Full Name` for someone who left the community (`@someone` for an account gone), links clickable.
 */
export function MentionRuns({ text, mentions, onColor = false }: MentionRunsProps) {
  const { t } = useTranslation();
  if (!mentions) return linked(text, 0, onColor);
  const byId = new Map(mentions.map((person) => [person.id, person]));
  return splitMentions(text).flatMap((segment, i): ReactNode[] => {
    if (segment.type === 'text') return linked(segment.text, i, onColor);
    const person = byId.get(segment.id);
    const name = person ? (person.fullName ?? person.username) : t('mentions.unknown');
    // Each mention is isolated (dir, bdi), so '@' stays with a Latin name inside Arabic text and the other way round.
    if (!person?.member) return [<bdi key={i}>@{name}</bdi>];
    return [
      <RouterAnchor key={i} to="/profile/$username" params={{ username: person.username }} dir="auto" inherit fw={600} data-mention={person.id} {...(onColor ? { c: 'inherit', underline: 'always' } : {})}>
        @{name}
      </RouterAnchor>,
    ];
  });
}
