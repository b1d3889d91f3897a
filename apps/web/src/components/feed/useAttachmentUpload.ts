import { useEffect, useRef, useState } from 'react';
import type { UploadKindName } from '@app/shared/uploads';
import { uploadFile } from '../../lib/uploads.ts';

export type Attachment =
  | { status: 'uploading'; file: File; preview: string | null }
  | { status: 'ready'; file: File; preview: string | null; key: string }
  | { status: 'failed'; file: File; preview: null; message: string };

/**
 * The composer's attachment: uploaded as soon as it is picked (a post-attachment, or `kind`), so
 * posting only sends its key. A file replaced or removed while uploading is forgotten when its answer comes.
 */
export function useAttachmentUpload(kind: UploadKindName = 'post-attachment') {
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const current = useRef(0);
  const preview = attachment?.preview ?? null;

  // A picked image is previewed from memory until the post is made; its object URL is freed after.
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  async function pick(file: File | null) {
    if (!file) return;
    const attempt = ++current.current;
    const previewUrl = file.type.startsWith('image/') ? URL.createObjectURL(file) : null;
    setAttachment({ status: 'uploading', file, preview: previewUrl });
    try {
      const { key } = await uploadFile(kind, file);
      if (attempt === current.current) setAttachment({ status: 'ready', file, preview: previewUrl, key });
    } catch (error) {
      if (attempt === current.current) setAttachment({ status: 'failed', file, preview: null, message: error instanceof Error ? error.message : '' });
    }
  }

  function clear() {
    current.current += 1;
    setAttachment(null);
  }

  return { attachment, pick, clear };
}
