import { messages } from '@app/db/schema';
import { CHAT_MESSAGES, sendMessageInput } from '@app/shared/chat';
import { contentTypeOfKey } from '@app/shared/upload-kinds';
import { isOwnKey } from '@app/storage';
import { AppError } from '../errors.ts';
import { chatPairProcedure } from '../trpc.ts';
import { announce, chatBucketOf, readMessage, sealMessage } from './service.ts';

/** Sends a text, a video link or an attachment to another member; the text is stored encrypted only. */
export const send = chatPairProcedure.input(sendMessageInput).mutation(async ({ ctx, input }) => {
  const me = ctx.user.id;
  const communityId = ctx.community.id;
  let attachmentType: string | null = null;
  if (input.attachmentKey) {
    attachmentType = contentTypeOfKey(input.attachmentKey);
    const stored = attachmentType && isOwnKey(input.attachmentKey, me) && (await ctx.storage.exists(chatBucketOf(attachmentType), input.attachmentKey));
    if (!stored) throw new AppError('BAD_REQUEST', CHAT_MESSAGES.uploadFailed);
  }
  const kind = input.attachmentKey ? 'attachment' : input.videoUrl ? 'video' : 'text';
  const sealed = sealMessage(ctx.chatKeys, communityId, me, input.userId, {
    text: input.text,
    videoUrl: input.videoUrl || null,
    fileName: input.attachmentKey ? (input.fileName ?? null) : null,
  });
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({ communityId, senderId: me, receiverId: input.userId, kind, ...sealed, attachmentKey: input.attachmentKey ?? null, attachmentType })
      .returning();
    await announce(tx, row!, 'message.created');
    return readMessage(ctx.chatKeys, row!);
  });
});
