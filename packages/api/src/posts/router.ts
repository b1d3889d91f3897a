import type { TRPCRouterRecord } from '@trpc/server';
import { byId } from './byId.ts';
import { closePoll } from './closePoll.ts';
import { addComment, deleteComment, listComments } from './comments.ts';
import { create } from './create.ts';
import { remove } from './delete.ts';
import { like } from './like.ts';
import { likeComment } from './likeComment.ts';
import { list } from './list.ts';
import { onFeed } from './onFeed.ts';
import { update } from './update.ts';
import { vote } from './vote.ts';

/** The community feed: posts, likes and comments, for members only. */
export const postsRouter = {
  list,
  byId,
  create,
  update,
  delete: remove,
  like,
  comments: listComments,
  addComment,
  deleteComment,
  likeComment,
  vote,
  closePoll,
  onFeed,
} satisfies TRPCRouterRecord;
