import type { Queryable } from '@app/db';
import { comments, posts } from '@app/db/schema';
import { eq } from 'drizzle-orm';
import { notify, type Notice } from '../notifications/service.ts';

/**
 * Who a post's mentions tell: each mentioned person once per post, ever (`once`), so editing a post
 * to add a mention tells only the person added.
 */
export async function notifyOfPostMentions(tx: Queryable, p: { communityId: string; postId: string; actorId: string; mentioned: string[] }): Promise<void> {
  await notify(
    tx,
    p.mentioned.map((recipientId) => ({ recipientId, kind: 'mention', actorId: p.actorId, communityId: p.communityId, postId: p.postId, groupKey: `mention:post:${p.postId}`, once: true })),
  );
}

interface CommentMentions {
  communityId: string;
  postId: string;
  commentId: string;
  actorId: string;
  /** The people its text mentions (checked members). */
  mentioned: string[];
}

interface NewComment extends CommentMentions {
  /** The comment it answers, if any (itself a top comment or a reply in its thread). */
  replyToId: string | null;
}

/** An edited comment's mentions tell each person once per comment, ever (the caller leaves out those mentioned before). */
export async function notifyOfCommentMentions(tx: Queryable, c: CommentMentions): Promise<void> {
  const about = { actorId: c.actorId, communityId: c.communityId, postId: c.postId, commentId: c.commentId };
  await notify(
    tx,
    c.mentioned.map((recipientId) => ({ ...about, recipientId, kind: 'mention' as const, groupKey: `mention:comment:${c.commentId}`, once: true })),
  );
}

/**
 * Who a new comment tells, each person once: the answered comment's author (of a reply in a thread,
 * too, not the thread's top comment's) ('Ana replied to your
 * comment'; a reply's pre-filled @mention of them tells nothing more), the people it mentions, then
 * the post's author ('Ana and 2 others commented on your post') unless already told. The actor is
 * never told (notify skips them).
 */
export async function notifyOfComment(tx: Queryable, c: NewComment): Promise<void> {
  const [post] = await tx.select({ authorId: posts.userId }).from(posts).where(eq(posts.id, c.postId));
  if (!post) return;
  const about = { actorId: c.actorId, communityId: c.communityId, postId: c.postId, commentId: c.commentId };
  const notices: Notice[] = [];
  const told = new Set<string>([c.actorId]);
  if (c.replyToId) {
    const [parent] = await tx.select({ authorId: comments.userId }).from(comments).where(eq(comments.id, c.replyToId));
    if (parent && !told.has(parent.authorId)) {
      notices.push({ ...about, recipientId: parent.authorId, kind: 'comment.replied', groupKey: `comment.replied:${c.replyToId}` });
      told.add(parent.authorId);
    }
  }
  for (const recipientId of c.mentioned.filter((id) => !told.has(id))) {
    notices.push({ ...about, recipientId, kind: 'mention', groupKey: `mention:comment:${c.commentId}`, once: true });
    told.add(recipientId);
  }
  if (!told.has(post.authorId)) notices.push({ ...about, recipientId: post.authorId, kind: 'post.commented', groupKey: `post.commented:${c.postId}` });
  await notify(tx, notices);
}
