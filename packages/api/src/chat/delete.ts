import { messages } from '@app/db/schema';
import { CHAT_MESSAGES, messageIdInput } from '@app/shared/chat';
import { eq } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { authorProcedure } from '../core/trpc.ts';
import { discardUpload } from '../platform/uploads/service.ts';
import { announce, chatBucketOf } from './service.ts';

/** The sender deletes a message; its attachment is removed after the commit. */
export const remove = authorProcedure.input(messageIdInput).mutation(async ({ ctx, input }) => {
  const row = await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(messages).where(eq(messages.id, input.messageId)).returning();
    if (!deleted) throw new AppError('NOT_FOUND', CHAT_MESSAGES.notFound);
    await announce(tx, deleted, 'message.deleted');
    return deleted;
  });
  if (row.attachmentKey && row.attachmentType) await discardUpload(ctx.db, ctx.storage, chatBucketOf(row.attachmentType), row.attachmentKey);
  return { messageId: row.id };
});
