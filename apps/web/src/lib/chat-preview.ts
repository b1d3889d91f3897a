import { CHAT_MESSAGES } from '@app/shared/plain/chat';
import { plainMentions, type MentionedPerson } from '@app/shared/plain/mentions';
import type { TFunction } from 'i18next';
import { serverText } from '../i18n/server-text.ts';

interface PreviewedMessage {
  senderId: string;
  kind: 'text' | 'video' | 'attachment';
  text: string;
  /** The people the text mentions (shown as `@Full Name`). */
  mentions?: readonly MentionedPerson[];
  unreadable: boolean;
  fileName: string | null;
  attachmentType: string | null;
}

/** One line about a conversation's last message, for the conversation lists ('You: …' for one's own). */
export function messagePreview(t: TFunction, message: PreviewedMessage, viewerId: string): string {
  const firstLine = plainMentions(message.text, message.mentions ?? []).split('\n').find((line) => line.trim() !== '')?.trim() ?? '';
  let text: string;
  if (message.unreadable) text = serverText(CHAT_MESSAGES.unreadable);
  else if (firstLine !== '') text = firstLine;
  else if (message.kind === 'video') text = t('chat.preview.video');
  else if (message.kind === 'attachment' && message.attachmentType?.startsWith('image/')) text = t('chat.preview.image');
  else if (message.kind === 'attachment') text = t('chat.preview.file', { name: message.fileName ?? '' });
  else text = '';
  return message.senderId === viewerId ? t('chat.preview.mine', { text }) : text;
}
