import { z } from 'zod';
import { COMMUNITY_MESSAGES } from './communities.ts';
import { LIMITS } from './constants.ts';
import { boundedText, cursorTime, lastEventId } from './input.ts';
import { mentionText } from './mentions.ts';

/** Private chat between members of a community (spec sections 4, 5, 6, 8 and 9). */

export const CHAT_MESSAGES = {
  empty: 'Write a message or add a video link.',
  tooLong: (max: number) => `A message can be at most ${max} characters.`,
  videoUrl: 'Please enter a valid video link.',
  notMembers: 'You can only chat with members of this community.',
  self: 'You cannot send messages to yourself.',
  notSender: 'Only the sender can change this message.',
  notFound: 'This message no longer exists.',
  uploadFailed: 'Could not upload the file',
  unreadable: '[Unreadable message]',
  downloaded: 'File downloaded successfully',
  downloadFailed: 'An error occurred while downloading',
  noMessages: 'No messages',
  cursor: 'The page cursor is not valid.',
} as const;

export const MESSAGE_MAX = 4000;
export const CHAT_PAGE_SIZE = LIMITS.chatPageSize;

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
