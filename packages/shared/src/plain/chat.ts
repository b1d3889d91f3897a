import { LIMITS } from '../constants.ts';

/**
 * Private chat between members of a community, without zod: the messages, limits and helpers that
 * chat.ts re-exports beside its schemas, for the web app to import without building them
 * (packages/shared/README.md).
 */

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
