import type { TRPCRouterRecord } from '@trpc/server';
import { addComment, deleteComment, listComments } from './comments.ts';
import { create } from './create.ts';
import { remove } from './delete.ts';
import { list } from './list.ts';
import { onWall } from './onWall.ts';
import { update } from './update.ts';

/** The platform's feedback wall: ratings of the product and comments on them, for signed-in people. */
export const feedbackRouter = {
  list,
  create,
  update,
  delete: remove,
  comments: listComments,
  addComment,
  deleteComment,
  onWall,
} satisfies TRPCRouterRecord;
