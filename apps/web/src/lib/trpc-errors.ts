import { isTRPCClientError } from '@trpc/client';

/** The call was refused because nobody is signed in any more (the session ended meanwhile). */
export function isSignedOutError(error: unknown): boolean {
  return isTRPCClientError(error) && (error.data as { code?: string } | undefined)?.code === 'UNAUTHORIZED';
}

/** The server's reason, when it gave one worth reading (a refused attachment, a too-long text); null for anything else. */
export function serverReason(error: unknown): string | null {
  if (!isTRPCClientError(error)) return null;
  const code = (error.data as { code?: string } | undefined)?.code;
  return code === 'BAD_REQUEST' || code === 'FORBIDDEN' || code === 'NOT_FOUND' ? error.message : null;
}
