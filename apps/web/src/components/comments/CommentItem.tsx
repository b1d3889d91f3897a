import { displayName } from '../PersonName.tsx';
import { Group, Stack, Text } from '@mantine/core';
import type { MentionedPerson } from '@app/shared/plain/mentions';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../UserAvatar.tsx';
import { PostText } from '../feed/PostText.tsx';
import { CommentHeader } from './CommentHeader.tsx';

interface CommentItemProps {
  author: { id?: string; username: string; fullName: string | null; avatarUrl: string | null };
  /** The author's level badge, where the page has levels (a community's feed). */
  level?: number;
  createdAt: Date;
  text: string;
  /** The people the text mentions (the feed's comments; the feedback wall has none). */
  mentions?: readonly MentionedPerson[];
  /** 'Replying to @Name', over a reply's text. */
  replyingTo?: string;
  deleteLabel: string;
  /** Offered to those who may delete the comment (the server checks again). */
  onDelete?: () => void;
  deleting: boolean;
  /** Drawn in a soft bubble (the feedback wall) rather than plain (the feed). */
  bubble?: boolean;
  /** Under the text: the feed's like button. */
  footer?: ReactNode;
  /** The comment a link points at (from a notification): marked and scrolled into view. */
  highlighted?: boolean;
  /** 'edited', after the time (the feed's comments). */
  edited?: string;
  /** An edit button for its author (the feed's comments). */
  edit?: { label: string; onEdit: () => void };
  /** A report button for other members (the feed's comments). */
  report?: { label: string; onReport: () => void };
  /** Shown instead of the text while its author edits it. */
  editor?: ReactNode;
  /** Under the footer, inside the item: a top comment's replies (the feed's threads). */
  children?: ReactNode;
}

/** One comment in a list: avatar, author and time (and edit and delete for those who may), its text (or its editor), its footer, then its replies. */
export function CommentItem(props: CommentItemProps) {
  const { author, level, createdAt, text, mentions, replyingTo, deleteLabel, onDelete, deleting, bubble = false, footer, highlighted = false, edited, edit, report, editor, children } = props;
  const { t } = useTranslation();
  const item = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (highlighted) item.current?.scrollIntoView({ block: 'center' });
  }, [highlighted]);
  const name = displayName(author);
  return (
    <Group
      ref={item}
      gap="sm"
      align="flex-start"
      wrap="nowrap"
      role="listitem"
      aria-label={highlighted ? t('feed.linked.comment', { name }) : name}
      aria-current={highlighted || undefined}
      {...(highlighted ? { bg: 'brand.0', p: 6, bdrs: 'md', style: { outline: '2px solid var(--mantine-color-brand-3)' } } : {})}
    >
      <UserAvatar userId={author.id} username={author.username} avatarUrl={author.avatarUrl} level={level} radius="xl" size={32} />
      <Stack gap={2} miw={0} style={{ flex: 1 }} {...(bubble ? { px: 'sm', py: 6, bg: 'gray.0', bdrs: 'md' } : {})}>
        <CommentHeader author={author} createdAt={createdAt} deleteLabel={deleteLabel} onDelete={onDelete} deleting={deleting} edited={edited} edit={editor ? undefined : edit} report={report} />
        {replyingTo && (
          <Text size="xs" c="dimmed">
            {replyingTo}
          </Text>
        )}
        {editor ?? <PostText text={text} mentions={mentions} size="sm" />}
        {footer && !editor && <Group gap={4}>{footer}</Group>}
        {children}
      </Stack>
    </Group>
  );
}
