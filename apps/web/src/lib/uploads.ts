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
  if (!res.ok || !data) throw new Error(data?.message ?? `Upload failed (${res.status}).`);
  return data;
}
