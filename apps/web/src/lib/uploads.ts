import { useState } from 'react';
import { acceptOf } from './files.ts';
import { rateLimitOfResponse, showRateLimitNotice } from './rate-limit.ts';

export interface UploadedFile {
  key: string;
  url: string;
  contentType: string;
  size: number;
}

/** Sends one file to the server's upload route; the server checks its type from the bytes. */
export async function uploadFile(kind: string, file: File): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file);
  const res = await fetch(`/api/uploads/${encodeURIComponent(kind)}`, { method: 'POST', body, credentials: 'same-origin' });
  const data = (await res.json().catch(() => null)) as (UploadedFile & { message?: string }) | null;
  const limited = rateLimitOfResponse(res, data?.message ?? '');
  if (limited) {
    showRateLimitNotice(limited.retryAfterSeconds);
    throw limited;
  }
  if (!res.ok || !data) throw new Error(data?.message ?? `Upload failed (${res.status}).`);
  return data;
}

/** What the image pickers accept; the server decides from the bytes all the same. */
export const IMAGE_ACCEPT = acceptOf('avatar');

/**
 * Uploads a picked file at once: `busy` while it goes, `error` with the server's message (or
 * `fallback`) when it fails, `onUploaded` with the result when it succeeds.
 */
export function useUpload(kind: string, onUploaded: (file: UploadedFile) => void, options: { fallback?: string; onBusyChange?: (busy: boolean) => void } = {}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function pick(file: File | null) {
    if (!file) return;
    setBusy(true);
    options.onBusyChange?.(true);
    setError(null);
    try {
      onUploaded(await uploadFile(kind, file));
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : (options.fallback ?? ''));
    } finally {
      setBusy(false);
      options.onBusyChange?.(false);
    }
  }
  return { busy, error, pick };
}
