/** Kinds of attached files, their icons and colours, accept lists for pickers, sizes and downloads: one place for posts and chat. */
import { FILE_TYPES, UPLOAD_KINDS, type UploadKindName } from '@app/shared/uploads';
import { IconFile, IconFileSpreadsheet, IconFileTypePdf, IconFileTypePpt, IconFileTypeTxt, IconFileWord, IconPhoto, IconVideo } from '@tabler/icons-react';

export type FileKind = 'image' | 'video' | 'pdf' | 'word' | 'excel' | 'powerpoint' | 'text' | 'other';

/** Images and videos show in the post; the rest are documents offered for download. */
export function fileKind(contentType: string | null | undefined): FileKind {
  const type = (contentType ?? '').toLowerCase().split(';')[0]!.trim();
  if (type.startsWith('image/')) return 'image';
  if (type === 'video/mp4' || type === 'video/webm') return 'video';
  if (type === 'application/pdf') return 'pdf';
  if (type === 'application/msword' || type.includes('wordprocessingml')) return 'word';
  if (type === 'application/vnd.ms-excel' || type.includes('spreadsheetml')) return 'excel';
  if (type === 'application/vnd.ms-powerpoint' || type.includes('presentationml')) return 'powerpoint';
  if (type === 'text/plain') return 'text';
  return 'other';
}

/** The same for a file picked in the browser, whose type may be missing: its extension then. */
export function pickedFileKind(file: File): FileKind {
  const byType = fileKind(file.type);
  if (byType !== 'other') return byType;
  const ext = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  const byExtension: Record<string, FileKind> = { pdf: 'pdf', doc: 'word', docx: 'word', xls: 'excel', xlsx: 'excel', ppt: 'powerpoint', pptx: 'powerpoint', txt: 'text' };
  return byExtension[ext] ?? 'other';
}

export const FILE_ICONS = {
  image: IconPhoto,
  video: IconVideo,
  pdf: IconFileTypePdf,
  word: IconFileWord,
  excel: IconFileSpreadsheet,
  powerpoint: IconFileTypePpt,
  text: IconFileTypeTxt,
  other: IconFile,
} satisfies Record<FileKind, unknown>;

export const FILE_COLORS: Record<FileKind, string> = {
  image: 'grape',
  video: 'pink',
  pdf: 'red',
  word: 'blue',
  excel: 'green',
  powerpoint: 'orange',
  text: 'gray',
  other: 'gray',
};

/**
 * The picker's accept list for upload kinds, from the server's own table (content types and
 * extensions); the server checks the bytes again.
 */
export function acceptOf(...kinds: UploadKindName[]): string {
  const types = new Set(kinds.flatMap((kind) => UPLOAD_KINDS[kind].accepts));
  return [...types].flatMap((type) => [FILE_TYPES[type].mime.split(';')[0]!, `.${FILE_TYPES[type].ext}`]).join(',');
}

/** Fetches a private file (the server checks who may have it) and saves it under its own name. */
export async function downloadFile(url: string, fileName: string) {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`Download failed (${res.status}).`);
  const href = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
