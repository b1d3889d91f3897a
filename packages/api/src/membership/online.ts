import { onlineInput } from '@app/shared/communities';
import { memberProcedure } from '../core/trpc.ts';
import { onlineIn } from './presence.ts';

/**
 * Who is online, for the community's members: how many of its members are (the sidebar's count),
 * and which of `userIds` (the avatars a page shows, at most 100) are, for their dots. People who hide
 * their presence are in neither. Hiding one's own still shows one the others.
 */
export const online = memberProcedure.input(onlineInput).query(async ({ ctx, input }) => {
  const ids = await onlineIn(ctx.db, ctx.community.id);
  return {
    count: ids.size,
    online: input.userIds.filter((id) => ids.has(id)),
  };
});
