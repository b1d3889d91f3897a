import { z } from 'zod';
import { boundedText, cursorTime, lastEventId } from './input.ts';
import { mentionText } from './mentions.ts';
import { CHAT_MESSAGES, CHAT_PAGE_SIZE, MESSAGE_MAX } from './plain/chat.ts';
import { COMMUNITY_MESSAGES } from './plain/communities.ts';

/** Private chat between members of a community (spec sections 4, 5, 6, 8 and 9). */

// The zod-free part (messages, limits, helpers), a module of its own so that the web app reads it without building these schemas.
export * from './plain/chat.ts';

const id = (message: string) => z.uuid({ error: message });
const text = mentionText(MESSAGE_MAX, CHAT_MESSAGES.tooLong(MESSAGE_MAX));
const videoUrl = boundedText(2048, CHAT_MESSAGES.videoUrl)
  .refine((v) => v === '' || /^https?:\/\//i.test(v), CHAT_MESSAGES.videoUrl)
  .refine((v) => v === '' || URL.canParse(v), CHAT_MESSAGES.videoUrl);

export const conversationInput = z.object({
  communityId: id(COMMUNITY_MESSAGES.notFound),
  /** The other person. */
  userId: id(CHAT_MESSAGES.notMembers),
});

export const chatCursor = z.object({ createdAt: cursorTime(CHAT_MESSAGES.cursor), id: z.uuid({ error: CHAT_MESSAGES.cursor }) });

export const listMessagesInput = conversationInput.extend({ cursor: chatCursor.nullish(), limit: z.int().min(1).max(50).default(CHAT_PAGE_SIZE) });

/** Text, a video link or an attachment (with an optional caption); a blank text with a blank link and no file is refused. */
export const sendMessageInput = conversationInput
  .extend({
    text: text.default(''),
    videoUrl: videoUrl.default(''),
    /** The key POST /api/uploads/chat-image or /chat-document answered. */
    attachmentKey: boundedText(512, undefined, { trim: false }).nullish(),
    /** The file's name as the sender picked it, kept (encrypted) for downloads. */
    fileName: boundedText(200).nullish(),
  })
  .refine((m) => m.text !== '' || m.videoUrl !== '' || !!m.attachmentKey, { message: CHAT_MESSAGES.empty, path: ['text'] });
export type SendMessageInput = z.input<typeof sendMessageInput>;

export const editMessageInput = z.object({
  messageId: id(CHAT_MESSAGES.notFound),
  text: text.min(1, CHAT_MESSAGES.empty),
});

export const messageIdInput = z.object({ messageId: id(CHAT_MESSAGES.notFound) });

export const conversationsInput = z.object({ communityId: id(COMMUNITY_MESSAGES.notFound) });

export const chatSubscriptionInput = conversationInput.extend({ lastEventId });

export const inboxSubscriptionInput = z.object({ lastEventId }).default({});
