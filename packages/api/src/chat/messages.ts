import { listMessagesInput } from '@app/shared/chat';
import { chatPairProcedure } from '../core/trpc.ts';
import { messagePage } from './service.ts';

/** A conversation, a page at a time, newest first (the chat view shows it bottom-up and loads older ones on scroll). */
export const list = chatPairProcedure.input(listMessagesInput).query(({ ctx, input }) => messagePage(ctx.db, ctx.chatKeys, ctx.user.id, input));
