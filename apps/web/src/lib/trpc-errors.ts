import { isTRPCClientError } from '@trpc/client';
import { serverText } from '../i18n/server-text.ts';

/** The call was refused because nobody is signed in any more (the session ended meanwhile). */
export function isSignedOutError(error: unknown): boolean {
  return isTRPCClientError(error) && (error.data as { code?: string } | undefined)?.code === 'UNAUTHORIZED';
}

/** The server's reason, when it gave one worth reading (a refused attachment, a too-long text), in the interface's language; null for anything else. */
export function serverReason(error: unknown): string | null {
  if (!isTRPCClientError(error)) return null;
  const code = (error.data as { code?: string } | undefined)?.code;
  return code === 'BAD_REQUEST' || code === 'FORBIDDEN' || code === 'NOT_FOUND' ? serverText(error.message) : null;
}
