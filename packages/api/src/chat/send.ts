import { messages } from '@app/db/schema';
import { CHAT_MESSAGES, sendMessageInput } from '@app/shared/chat';
import { contentTypeOfKey } from '@app/shared/uploads';
import { refuseBlockedChat } from '../blocks/service.ts';
import { AppError } from '../core/errors.ts';
import { chatPairProcedure } from '../core/trpc.ts';
import { checkMentions } from '../membership/mentions.ts';
import { requireOwnUpload } from '../platform/uploads/service.ts';
import { announce, chatBucketOf, readMessage, withMentions, sealMessage } from './service.ts';

/**
 * Sends a text, a video link or an attachment to another member; the text is stored encrypted only.
 * Refused while either of the two blocks the other (blocks domain).
 */
export const send = chatPairProcedure.meta({ rateLimit: 'chat:send' }).input(sendMessageInput).mutation(async ({ ctx, input }) => {
  const me = ctx.user.id;
  const communityId = ctx.community.id;
  const attachmentType = input.attachmentKey ? contentTypeOfKey(input.attachmentKey) : null;
  if (input.attachmentKey && !attachmentType) throw new AppError('BAD_REQUEST', CHAT_MESSAGES.uploadFailed);
  await refuseBlockedChat(ctx.db, me, input.userId);
  // Mentions are checked before the text is sealed: members of the community only. They tell nobody
  // (a third person cannot open the conversation); the receiver has the message's own notice.
  await checkMentions(ctx.db, communityId, input.text, me);
  const kind = input.attachmentKey ? 'attachment' : input.videoUrl ? 'video' : 'text';
  const sealed = sealMessage(ctx.chatKeys, communityId, me, input.userId, {
    text: input.text,
    videoUrl: input.videoUrl || null,
    fileName: input.attachmentKey ? (input.fileName ?? null) : null,
  });
  return ctx.db.transaction(async (tx) => {
    // The sender's own upload, locked until the message is committed (see requireOwnUpload).
    if (input.attachmentKey) await requireOwnUpload(tx, chatBucketOf(attachmentType!), input.attachmentKey, me, CHAT_MESSAGES.uploadFailed);
    const [row] = await tx
      .insert(messages)
      .values({ communityId, senderId: me, receiverId: input.userId, kind, ...sealed, attachmentKey: input.attachmentKey ?? null, attachmentType })
      .returning();
    await announce(tx, row!, 'message.created');
    const [sent] = await withMentions(tx, [readMessage(ctx.chatKeys, row!)]);
    return sent!;
  });
});
