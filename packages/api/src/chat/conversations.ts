import { conversationsInput } from '@app/shared/chat';
import { memberProcedure, protectedProcedure } from '../core/trpc.ts';
import { conversationList } from './service.ts';

/** The caller's conversations in one community, latest first. */
export const conversations = memberProcedure
  .input(conversationsInput)
  .query(({ ctx }) => conversationList(ctx.db, ctx.chatKeys, ctx.user.id, ctx.community.id, 200));

/** The top bar's dropdown: the latest conversations in every community. */
export const recent = protectedProcedure.query(({ ctx }) => conversationList(ctx.db, ctx.chatKeys, ctx.user.id, null, 8));
