import { chatAttachment } from '@app/api/server';
import type { FastifyInstance } from 'fastify';

/** A message's attachment (decrypted name), for the two people of the conversation while both are members. */
export async function chatRoutes(app: FastifyInstance) {
  app.privateFile('/api/chat/messages/:id/attachment', { scope: (messageId) => ({ messageId }), rule: 'chat-pair' }, (messageId) =>
    chatAttachment(app.database.db, app.chatKeys, messageId),
  );
}
