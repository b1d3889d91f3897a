import { messages } from '@app/db/schema';
import { editMessageInput } from '@app/shared/chat';
import { eq } from 'drizzle-orm';
import { checkMentions } from '../membership/mentions.ts';
import { authorProcedure } from '../core/trpc.ts';
import { announce, loadMessage, readMessage, withMentions, sealMessage } from './service.ts';

/** The sender edits a message's text (its video link and file stay). */
export const edit = authorProcedure.input(editMessageInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const row = await loadMessage(tx, input.messageId);
    await checkMentions(tx, row.communityId, input.text, row.senderId);
    const current = readMessage(ctx.chatKeys, row);
    const sealed = sealMessage(ctx.chatKeys, row.communityId, row.senderId, row.receiverId, {
      text: input.text,
      videoUrl: current.unreadable ? null : current.videoUrl,
      fileName: current.unreadable ? null : current.fileName,
    });
    const [updated] = await tx.update(messages).set({ ...sealed, editedAt: new Date() }).where(eq(messages.id, row.id)).returning();
    await announce(tx, updated!, 'message.updated');
    const [edited] = await withMentions(tx, [readMessage(ctx.chatKeys, updated!)]);
    return edited!;
  }),
);
