import type { TRPCRouterRecord } from '@trpc/server';
import { accept } from './accept.ts';
import { byToken } from './byToken.ts';
import { create } from './create.ts';
import { email } from './email.ts';
import { list } from './list.ts';
import { onChange } from './onChange.ts';
import { revoke } from './revoke.ts';

/** Invitations: invite links and e-mail invites made by the owner and admins, and accepting them. */
export const invitationsRouter = {
  list,
  create,
  revoke,
  email,
  byToken,
  accept,
  onChange,
} satisfies TRPCRouterRecord;
