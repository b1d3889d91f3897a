/**
 * What may be uploaded, where it goes and how it is processed: one table for the server's upload
 * route and the web app's file pickers. Plain data, no Node imports: the browser imports it too.
 */

/** The buckets of the product spec (section 3), by the names the spec gives them. */
export const BUCKETS = [
  'avatars',
  'community-logos',
  'documents-feedbacks',
  'images-courses',
  'documents-courses',
  'course_covers',
  'chat-images',
  'chat-documents',
  'documents-post',
  'community-covers',
  // Beyond the spec's list: events' covers, shown to members only.
  'event-covers',
  // People's data exports (ZIP archives), served to their person alone and never uploaded into.
  'exports',
] as const;

export type BucketName = (typeof BUCKETS)[number];

/**
 * The only buckets that `GET /uploads/<bucket>/<key>` serves to anyone. Every other bucket holds
 * files of a community, a chat or a course and is served by routes that check membership first.
 */
export const PUBLIC_BUCKETS: readonly BucketName[] = ['avatars', 'community-logos', 'community-covers'];

export function isBucketName(value: string): value is BucketName {
  return (BUCKETS as readonly string[]).includes(value);
}

export function isPublicBucket(value: string): value is BucketName {
  return (PUBLIC_BUCKETS as readonly string[]).includes(value);
}

/** File types as recognised from a file's bytes (see detect.ts), with the content type and extension stored. */
export const FILE_TYPES = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  gif: { mime: 'image/gif', ext: 'gif' },
  webp: { mime: 'image/webp', ext: 'webp' },
  mp4: { mime: 'video/mp4', ext: 'mp4' },
  webm: { mime: 'video/webm', ext: 'webm' },
  pdf: { mime: 'application/pdf', ext: 'pdf' },
  doc: { mime: 'application/msword', ext: 'doc' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' },
  xls: { mime: 'application/vnd.ms-excel', ext: 'xls' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' },
  ppt: { mime: 'application/vnd.ms-powerpoint', ext: 'ppt' },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', ext: 'pptx' },
  txt: { mime: 'text/plain; charset=utf-8', ext: 'txt' },
} as const satisfies Record<string, { mime: string; ext: string }>;

export type FileType = keyof typeof FILE_TYPES;

export const IMAGE_TYPES = ['jpeg', 'png', 'gif', 'webp'] as const satisfies readonly FileType[];

export function isImageType(type: FileType): type is (typeof IMAGE_TYPES)[number] {
  return (IMAGE_TYPES as readonly FileType[]).includes(type);
}

/** Files the server writes itself and nobody uploads (a data export's archive), by extension. */
const SERVER_FILE_TYPES: Record<string, string> = { zip: 'application/zip' };

/** The content type stored for a key, from the extension upload kinds (or the server) give every key. */
export function contentTypeOfKey(key: string): string | null {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return Object.values(FILE_TYPES).find((t) => t.ext === ext)?.mime ?? SERVER_FILE_TYPES[ext] ?? null;
}

/**
 * How accepted images are re-encoded (which also drops their metadata, GPS position included):
 * resized with sharp, never enlarged except by `cover`, and stored as WebP. Animated GIFs either
 * become their first frame (`gif: 'first-frame'`, for pictures shown small) or are kept byte for byte
 * so they still move (`gif: 'keep'`, within the kind's size limit).
 */
export interface ImageProcessing {
  fit: 'cover' | 'inside';
  width: number;
  height: number;
  gif: 'first-frame' | 'keep';
}

export interface UploadKind {
  bucket: BucketName;
  /** Largest accepted file, in bytes, as sent (before any resizing). */
  maxBytes: number;
  accepts: readonly FileType[];
  image: ImageProcessing | null;
}

const MB = 1024 * 1024;
const DOCUMENTS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt'] as const satisfies readonly FileType[];
const inside = (size: number, gif: ImageProcessing['gif']): ImageProcessing => ({ fit: 'inside', width: size, height: size, gif });

export const UPLOAD_KINDS = {
  avatar: { bucket: 'avatars', maxBytes: 5 * MB, accepts: IMAGE_TYPES, image: { fit: 'cover', width: 256, height: 256, gif: 'first-frame' } },
  'community-logo': { bucket: 'community-logos', maxBytes: 5 * MB, accepts: IMAGE_TYPES, image: inside(512, 'first-frame') },
  'community-cover': { bucket: 'community-covers', maxBytes: 5 * MB, accepts: IMAGE_TYPES, image: inside(1600, 'first-frame') },
  'event-cover': { bucket: 'event-covers', maxBytes: 5 * MB, accepts: IMAGE_TYPES, image: inside(1600, 'first-frame') },
  'course-cover': { bucket: 'course_covers', maxBytes: 5 * MB, accepts: IMAGE_TYPES, image: inside(1600, 'first-frame') },
  'post-attachment': {
    bucket: 'documents-post',
    maxBytes: 25 * MB,
    accepts: [...IMAGE_TYPES, 'mp4', 'webm', ...DOCUMENTS],
    image: inside(1600, 'keep'),
  },
  'chat-image': { bucket: 'chat-images', maxBytes: 10 * MB, accepts: IMAGE_TYPES, image: inside(1600, 'keep') },
  'chat-document': { bucket: 'chat-documents', maxBytes: 20 * MB, accepts: DOCUMENTS, image: null },
  // The spec's feedback list: jpeg, png, gif, mp4, webm, pdf, doc/docx, xls/xlsx.
  'feedback-media': {
    bucket: 'documents-feedbacks',
    maxBytes: 25 * MB,
    accepts: ['jpeg', 'png', 'gif', 'mp4', 'webm', 'pdf', 'doc', 'docx', 'xls', 'xlsx'],
    image: inside(1600, 'keep'),
  },
  // The spec's module upload: jpg, jpeg, png and gif go to the images store, pdf, doc, docx and txt to the documents store.
  'course-image': { bucket: 'images-courses', maxBytes: 10 * MB, accepts: ['jpeg', 'png', 'gif'], image: inside(1600, 'keep') },
  'course-document': { bucket: 'documents-courses', maxBytes: 25 * MB, accepts: ['pdf', 'doc', 'docx', 'txt'], image: null },
} as const satisfies Record<string, UploadKind>;

export type UploadKindName = keyof typeof UPLOAD_KINDS;

export function uploadKind(name: string): UploadKind | null {
  return Object.hasOwn(UPLOAD_KINDS, name) ? UPLOAD_KINDS[name as UploadKindName] : null;
}

/** '5 MB' for 5 MiB: the unit people read. */
export function formatSize(bytes: number): string {
  const mb = bytes / MB;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

export function tooLargeMessage(kind: UploadKind): string {
  return `File is too large (max ${formatSize(kind.maxBytes)}).`;
}

export const UNSUPPORTED_TYPE_MESSAGE = 'Unsupported file type.';

const KB = 1024;
const GB = 1024 * MB;
const oneDecimal = (value: number) => String(Math.round(value * 10) / 10);

/** '1 GB', '1.5 GB', '12.3 MB', '40 KB': storage amounts as people read them (binary units, as formatSize). */
export function formatStorage(bytes: number): string {
  if (bytes >= GB) return `${oneDecimal(bytes / GB)} GB`;
  if (bytes >= MB) return `${oneDecimal(bytes / MB)} MB`;
  return `${Math.round(bytes / KB)} KB`;
}

/**
 * Why an upload was refused by the per-person storage quota: the limit, and what is left of it
 * next to what the file needs, so the person knows how much to delete.
 */
export function storageFullMessage(limitBytes: number, usedBytes: number, fileBytes: number): string {
  const left = limitBytes - usedBytes;
  return left <= 0
    ? `You have used all of your ${formatStorage(limitBytes)} of storage. Delete some files and try again.`
    : `This file (${formatStorage(fileBytes)}) does not fit in the ${formatStorage(left)} left of your ${formatStorage(limitBytes)} of storage. Delete some files and try again.`;
}

/** Where the server serves an object of a public bucket: `/uploads/{bucket}/{key}`. */
export function publicUploadUrl(bucket: string, key: string): string {
  return `/uploads/${bucket}/${key}`;
}

const KEY_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * The storage key behind `url` when it names an upload `userId` made into `bucket`
 * (`/uploads/{bucket}/{userId}/{name}`, as the upload route answers), else null.
 */
export function ownUploadKey(url: string, bucket: string, userId: string): string | null {
  const prefix = `/uploads/${bucket}/`;
  const key = url.startsWith(prefix) ? url.slice(prefix.length) : '';
  const [owner, name, ...rest] = key.split('/');
  return owner === userId && name && rest.length === 0 && KEY_NAME.test(name) && !name.includes('..') ? key : null;
}
