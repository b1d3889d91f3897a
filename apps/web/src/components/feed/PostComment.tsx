import { levelOf } from '@app/shared/plain/levels';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../i18n/server-text.ts';
import { isRateLimited } from '../../lib/rate-limit.ts';
import { useTRPC } from '../../lib/trpc.ts';
import type { FeedComment } from '../../lib/paged.ts';
import { BlockedPlaceholder } from '../blocks/BlockedCollapse.tsx';
import { useBlockedIds } from '../blocks/useBlocks.ts';
import { CommentItem } from '../comments/CommentItem.tsx';
import { CommentEditor } from './CommentEditor.tsx';
import { CommentLikeButton } from './CommentLikeButton.tsx';
import { useCanManage, useFeed } from './FeedContext.tsx';
import { displayName as nameOf } from '../PersonName.tsx';
import { useFeedCache } from './useFeedCache.ts';
import { ReportDialog } from '../moderation/ReportDialog.tsx';

interface PostCommentProps {
  comment: FeedComment;
  highlighted: boolean;
  onReply: () => void;
  /** A top comment's replies, inside its item. */
  children?: ReactNode;
}

/** Deletes a comment: removed from the list, or (it had replies) kept as 'Comment deleted'. */
export function useDeleteComment(comment: FeedComment) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const cache = useFeedCache();
  return useMutation(
    trpc.posts.deleteComment.mutationOptions({
      onMutate: () => ({ version: cache.versionOf(comment.postId) }),
      onSuccess: ({ postId, commentId, commentCount, kept, removed }, _input, context) => {
        if (kept) cache.markCommentDeleted(postId, commentId);
        for (const id of removed) cache.removeComment(postId, id);
        if (context.version === cache.versionOf(postId)) cache.patchPost(postId, () => ({ commentCount }));
      },
      onError: (error) => {
        if (!isRateLimited(error)) notifications.show({ color: 'red', message: t('feed.comments.deleteFailed', { message: serverText(error.message) }) });
      },
    }),
  );
}

/**
 * One comment, with its like toggle and Reply; its author edits it ('edited' once changed), and its
 * author and the community owner may delete it. Collapsed behind 'Show' (its replies still shown)
 * when the viewer blocks its author.
 */
export function PostComment({ comment, highlighted, onReply, children }: PostCommentProps) {
  const { t } = useTranslation();
  const { viewerId } = useFeed();
  const canDelete = useCanManage(comment.author.id);
  const remove = useDeleteComment(comment);
  const [editing, setEditing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const mine = viewerId === comment.author.id;
  const blocked = useBlockedIds().has(comment.author.id);
  const [shown, setShown] = useState(false);
  if (blocked && !shown) return <BlockedPlaceholder kind="comment" onShow={() => setShown(true)}>{children}</BlockedPlaceholder>;
  return (
    <>
      <ReportDialog target={reporting ? { commentId: comment.id } : null} title={t('moderation.report.commentTitle')} onClose={() => setReporting(false)} />
      <CommentItem
        author={comment.author}
        level={levelOf(comment.author.points)}
        createdAt={comment.createdAt}
        text={comment.content}
        mentions={comment.mentions}
        edited={comment.editedAt ? t('threads.edited') : undefined}
        edit={mine ? { label: t('threads.edit'), onEdit: () => setEditing(true) } : undefined}
        report={mine ? undefined : { label: t('moderation.report.comment', { name: nameOf(comment.author) }), onReport: () => setReporting(true) }}
        editor={editing ? <CommentEditor comment={comment} onDone={() => setEditing(false)} /> : undefined}
        deleteLabel={t('feed.comments.delete')}
        onDelete={canDelete ? () => remove.mutate({ commentId: comment.id }) : undefined}
        deleting={remove.isPending}
        footer={
          <>
            <CommentLikeButton comment={comment} />
            {!mine && (
              <Button
                variant="subtle"
                color="gray"
                size="compact-xs"
                radius="xl"
                fw={500}
                leftSection={<IconArrowBackUp className="mirror-rtl" size={14} aria-hidden="true" />}
                aria-label={t('mentions.replyTo', { name: nameOf(comment.author) })}
                onClick={onReply}
              >
                {t('mentions.reply')}
              </Button>
            )}
          </>
        }
        highlighted={highlighted}
      >
        {children}
      </CommentItem>
    </>
  );
}
