import { detectFileType } from './detect.ts';
import { FILE_TYPES, isImageType, type FileType, type ImageProcessing, type UploadKind } from '@app/shared/uploads';

/** Larger images are refused before they are decoded: a small file can unpack into gigabytes of pixels. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export interface PreparedUpload {
  body: Buffer;
  type: FileType;
  /** The content type to store and serve. */
  contentType: string;
  /** The extension for the object key. */
  ext: string;
}

export type PrepareResult =
  | { ok: true; upload: PreparedUpload }
  /** `unsupported`: not a type the kind accepts (or an image that does not decode); `too-many-pixels`: over MAX_IMAGE_PIXELS. */
  | { ok: false; reason: 'unsupported' | 'too-many-pixels' };

/** Checks an uploaded file against its kind, from its bytes, and re-encodes images as the kind says. */
/** sharp (and libvips under it) is loaded with the first image, not at start. */
const loadSharp = () => import('sharp').then((module) => module.default);

export async function prepareUpload(kind: UploadKind, bytes: Buffer): Promise<PrepareResult> {
  const type = await detectFileType(bytes);
  if (!type || !kind.accepts.includes(type)) return { ok: false, reason: 'unsupported' };
  if (!kind.image || !isImageType(type)) return { ok: true, upload: prepared(type, bytes) };
  try {
    if (type === 'gif' && kind.image.gif === 'keep') {
      // Kept byte for byte so it still moves; the header is still read, so a broken file is refused.
      const sharp = await loadSharp();
      const { width, height } = await sharp(bytes).metadata();
      if (!width || !height) return { ok: false, reason: 'unsupported' };
      if (width * height > MAX_IMAGE_PIXELS) return { ok: false, reason: 'too-many-pixels' };
      return { ok: true, upload: prepared('gif', bytes) };
    }
    return { ok: true, upload: prepared('webp', await toWebp(bytes, kind.image)) };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) return { ok: false, reason: 'too-many-pixels' };
    // Image magic bytes followed by something sharp cannot decode.
    return { ok: false, reason: 'unsupported' };
  }
}

/** Resized, turned upright by its EXIF orientation, stripped of metadata; animated images keep their first frame. */
async function toWebp(bytes: Buffer, image: ImageProcessing): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
    .rotate()
    .resize(image.width, image.height, { fit: image.fit, withoutEnlargement: image.fit === 'inside' })
    .webp({ quality: 82 })
    .toBuffer();
}

function prepared(type: FileType, body: Buffer): PreparedUpload {
  return { body, type, contentType: FILE_TYPES[type].mime, ext: FILE_TYPES[type].ext };
}
