import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';
import { CommentThread } from '../comments/CommentThread.tsx';
import type { FeedComment } from '../../lib/paged.ts';
import { PostCommentForm } from './PostCommentForm.tsx';
import { PostThread } from './PostThread.tsx';
import { threadsOf } from './threads.ts';

/**
 * A post's comments as threads (oldest first, replies one level deep), kept current by the live
 * feed, and the box to add one. While the viewer answers a comment, the box shows in its thread instead.
 */
export function Comments({ postId, id, highlightId }: { postId: string; id: string; highlightId?: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const comments = useQuery(trpc.posts.comments.queryOptions({ postId }));
  const threads = useMemo(() => (comments.isSuccess ? threadsOf(comments.data) : null), [comments.isSuccess, comments.data]);
  const labels = { loading: t('feed.comments.loading'), loadFailed: t('feed.comments.loadFailed'), list: t('feed.comments.list'), empty: t('feed.comments.empty') };
  // The comment being answered, and its thread; forgotten when the thread is gone.
  const [replying, setReplying] = useState<{ threadId: string; to: FeedComment } | null>(null);
  const answering = replying && threads?.some((thread) => thread.id === replying.threadId) ? replying : null;
  return (
    <CommentThread
      id={id}
      comments={threads}
      error={comments.error}
      labels={labels}
      renderComment={(thread) => (
        <PostThread
          thread={thread}
          highlightId={highlightId}
          replyTo={answering?.threadId === thread.id ? answering.to : null}
          onReply={(to) => setReplying({ threadId: thread.id, to })}
          onReplyDone={() => setReplying(null)}
        />
      )}
    >
      {!answering && <PostCommentForm postId={postId} replyTo={null} />}
    </CommentThread>
  );
}
