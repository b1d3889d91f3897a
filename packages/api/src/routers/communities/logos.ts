import type { Storage } from '@app/storage';
import { COMMUNITY_MESSAGES } from '@app/shared/community';
import { ownUploadKey } from '@app/shared/uploads';
import { TRPCError } from '@trpc/server';

export const LOGO_BUCKET = 'community-logos';

/** The storage key of a logo `userId` uploaded and that is still stored; BAD_REQUEST 'Logo upload failed' otherwise. */
export async function requireOwnLogo(storage: Storage, url: string, userId: string): Promise<string> {
  const key = ownUploadKey(url, LOGO_BUCKET, userId);
  if (!key || !(await storage.exists(LOGO_BUCKET, key))) throw new TRPCError({ code: 'BAD_REQUEST', message: COMMUNITY_MESSAGES.logoInvalid });
  return key;
}

/** Removes an uploaded logo that is no longer used; a failure only leaves a stray file behind. */
export async function discardLogo(storage: Storage, url: string | null, userId: string): Promise<void> {
  const key = url ? ownUploadKey(url, LOGO_BUCKET, userId) : null;
  if (key) await storage.delete(LOGO_BUCKET, key).catch(() => undefined);
}
