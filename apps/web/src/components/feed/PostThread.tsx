import { REPLIES_SHOWN } from '@app/shared/plain/posts';
import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconMessageOff } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../lib/format.ts';
import type { FeedComment } from '../../lib/paged.ts';
import { PostComment } from './PostComment.tsx';
import { displayName as nameOf } from '../PersonName.tsx';
import { PostCommentForm } from './PostCommentForm.tsx';
import type { Thread } from './threads.ts';

interface PostThreadProps {
  thread: Thread<FeedComment>;
  highlightId?: string;
  /** The comment of this thread being answered, whose reply box shows under the replies. */
  replyTo: FeedComment | null;
  onReply: (to: FeedComment) => void;
  onReplyDone: () => void;
}

/**
 * A top comment and its replies, one level deep: the first 3, then 'Show N more replies' (all of them
 * at once when the viewer has just replied, or a link points at a hidden one), then the reply box.
 */
export function PostThread({ thread, highlightId, replyTo, onReply, onReplyDone }: PostThreadProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const { top, replies } = thread;
  const showAll = expanded || replies.slice(REPLIES_SHOWN).some((reply) => reply.id === highlightId);
  const shown = showAll ? replies : replies.slice(0, REPLIES_SHOWN);
  const more = replies.length - shown.length;
  const inner =
    replies.length > 0 || replyTo ? (
      <Stack gap="sm" mt={6}>
        {shown.length > 0 && (
          <Stack gap="sm" role="list" aria-label={top.deleted ? t('threads.repliesToDeleted') : t('threads.replies', { name: nameOf(top.author) })}>
            {shown.map((reply) => (
              <PostComment key={reply.id} comment={reply} highlighted={reply.id === highlightId} onReply={() => onReply(reply)} />
            ))}
          </Stack>
        )}
        {more > 0 && (
          <Group>
            <Button variant="subtle" size="compact-xs" radius="xl" onClick={() => setExpanded(true)}>
              {t('threads.showMore', { count: more, value: formatCount(more) })}
            </Button>
          </Group>
        )}
        {replyTo && (
          <PostCommentForm
            postId={top.postId}
            replyTo={replyTo}
            onReplied={(sent) => {
              if (sent) setExpanded(true);
              onReplyDone();
            }}
          />
        )}
      </Stack>
    ) : null;
  if (top.deleted) return <DeletedComment>{inner}</DeletedComment>;
  return (
    <PostComment comment={top} highlighted={top.id === highlightId} onReply={() => onReply(top)}>
      {inner}
    </PostComment>
  );
}

/** A top comment deleted while it had replies: 'Comment deleted', holding them. */
function DeletedComment({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap" role="listitem" aria-label={t('threads.deleted')}>
      <Box w={32} h={32} bdrs="xl" bg="gray.1" style={{ flex: 'none', display: 'grid', placeItems: 'center' }}>
        <IconMessageOff size={16} color="var(--mantine-color-dimmed)" aria-hidden="true" />
      </Box>
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Text size="sm" c="dimmed" fs="italic" py={6}>
          {t('threads.deleted')}
        </Text>
        {children}
      </Stack>
    </Group>
  );
}
