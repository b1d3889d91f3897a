import type { Queryable } from '@app/db';
import { posts } from '@app/db/schema';
import { eq } from 'drizzle-orm';
import { notify, type Notice } from '../notifications/service.ts';

/** Who a new comment tells: the post's author ('Ana and 2 others commented on your post'). */
export async function notifyOfComment(tx: Queryable, c: { communityId: string; postId: string; commentId: string; actorId: string }): Promise<void> {
  const [post] = await tx.select({ authorId: posts.userId }).from(posts).where(eq(posts.id, c.postId));
  if (!post) return;
  const notices: Notice[] = [
    { recipientId: post.authorId, kind: 'post.commented', actorId: c.actorId, communityId: c.communityId, postId: c.postId, commentId: c.commentId, groupKey: `post.commented:${c.postId}` },
  ];
  await notify(tx, notices);
}
