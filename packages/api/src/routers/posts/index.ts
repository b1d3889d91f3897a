import type { TRPCRouterRecord } from '@trpc/server';
import { addComment, deleteComment, listComments } from './comments.ts';
import { create } from './create.ts';
import { remove, update } from './edit.ts';
import { like } from './likes.ts';
import { onFeed } from './feed.ts';
import { list } from './list.ts';

/** The community feed: posts, likes and comments, for members only. */
export const postsRouter = {
  list,
  create,
  update,
  delete: remove,
  like,
  comments: listComments,
  addComment,
  deleteComment,
  onFeed,
} satisfies TRPCRouterRecord;
