import { acceptOf } from '../../../../lib/files.ts';

/** Spec section 5, 'Chat': images, and pdf, doc, docx, xls, xlsx, ppt, pptx, txt (the server checks the bytes again). */
export const CHAT_ACCEPT = acceptOf('chat-image', 'chat-document');

/** Images go to the chat-images store, everything else to chat-documents. */
export const uploadKindOf = (file: File) => (file.type.startsWith('image/') ? 'chat-image' : 'chat-document');
