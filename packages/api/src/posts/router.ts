import type { TRPCRouterRecord } from '@trpc/server';
import { byId } from './byId.ts';
import { categoryProcedures } from './categories.ts';
import { closePoll } from './closePoll.ts';
import { addComment, listComments } from './comments.ts';
import { deleteComment, updateComment } from './commentsChange.ts';
import { create } from './create.ts';
import { remove } from './delete.ts';
import { like } from './like.ts';
import { likeComment } from './likeComment.ts';
import { list } from './list.ts';
import { onFeed } from './onFeed.ts';
import { pinProcedures } from './pins.ts';
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
  updateComment,
  deleteComment,
  likeComment,
  vote,
  closePoll,
  onFeed,
  ...pinProcedures,
  ...categoryProcedures,
} satisfies TRPCRouterRecord;
