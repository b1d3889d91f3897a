import type { Queryable } from '@app/db';
import { POST_MESSAGES } from '@app/shared/posts';
import { TRPCError } from '@trpc/server';
import { requireMember } from '../../membership/access.ts';
import { loadPost } from './columns.ts';

/** The stored file attached to a post, for a member of its community (the bucket is not public). */
export async function postAttachment(db: Queryable, postId: string, userId: string) {
  const post = await loadPost(db, postId);
  await requireMember(db, post.communityId, userId);
  if (!post.attachmentKey || !post.attachmentType) throw new TRPCError({ code: 'NOT_FOUND', message: POST_MESSAGES.notFound });
  return { key: post.attachmentKey, contentType: post.attachmentType };
}
