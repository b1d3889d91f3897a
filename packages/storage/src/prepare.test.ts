import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectFileType, isPlainText, officeTypeOfCompoundFile } from './detect.ts';
import { UPLOAD_KINDS, tooLargeMessage, uploadKind } from '@app/shared/uploads';
import { MAX_IMAGE_PIXELS, prepareUpload } from './prepare.ts';

const solid = (width: number, height: number, background = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background } });

/** A two-frame animated GIF, 40x30. */
async function animatedGif(): Promise<Buffer> {
  const frames = await Promise.all(['#ff0000', '#00ff00'].map((c) => solid(40, 30, c).png().toBuffer()));
  return sharp(frames, { join: { animated: true } }).gif({ delay: [100, 100] }).toBuffer();
}

/**
 * A minimal OLE compound file: the signature, 512-byte sectors, and one directory sector whose second
 * entry is a stream called `stream`.
 */
function compoundFile(stream: string): Buffer {
  const file = Buffer.alloc(1024);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0);
  file.writeUInt16LE(9, 30);
  const entry = (index: number, name: string, type: number) => {
    const at = 512 + index * 128;
    file.write(name, at, 'utf16le');
    file.writeUInt16LE((name.length + 1) * 2, at + 64);
    file[at + 66] = type;
  };
  entry(0, 'Root Entry', 5);
  entry(1, stream, 2);
  return file;
}

describe('detectFileType (from bytes only)', () => {
  it('recognises images, PDF and the old Office formats inside compound files', async () => {
    expect(await detectFileType(await solid(4, 4).png().toBuffer())).toBe('png');
    expect(await detectFileType(await solid(4, 4).jpeg().toBuffer())).toBe('jpeg');
    expect(await detectFileType(await solid(4, 4).webp().toBuffer())).toBe('webp');
    expect(await detectFileType(await animatedGif())).toBe('gif');
    expect(await detectFileType(Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n'))).toBe('pdf');
    expect(await detectFileType(compoundFile('WordDocument'))).toBe('doc');
    expect(await detectFileType(compoundFile('Workbook'))).toBe('xls');
    expect(await detectFileType(compoundFile('PowerPoint Document'))).toBe('ppt');
    // A compound file that is not an Office document (an installer, say).
    expect(officeTypeOfCompoundFile(compoundFile('SummaryInformation'))).toBeNull();
  });

  it('calls valid UTF-8 without control characters text, and nothing else', async () => {
    expect(await detectFileType(Buffer.from('Notes for module 1\r\n\tمرحبا — ok\n'))).toBe('txt');
    expect(isPlainText(Buffer.from('with a NUL\0 byte'))).toBe(false);
    expect(isPlainText(Buffer.from([0x68, 0x69, 0xff, 0xfe]))).toBe(false);
    expect(isPlainText(Buffer.from('escape \x1b[31m'))).toBe(false);
    expect(await detectFileType(Buffer.from([0x00, 0x01, 0x02, 0x03, 0x04]))).toBeNull();
  });
});

describe('prepareUpload', () => {
  it('turns an avatar into a 256x256 WebP, cropping to fill', async () => {
    const result = await prepareUpload(UPLOAD_KINDS.avatar, await solid(800, 400).png().toBuffer());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.upload).toMatchObject({ type: 'webp', contentType: 'image/webp', ext: 'webp' });
    expect(await sharp(result.upload.body).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('fits a community logo inside 512x512 without enlarging small ones', async () => {
    const big = await prepareUpload(UPLOAD_KINDS['community-logo'], await solid(1000, 500).jpeg().toBuffer());
    const small = await prepareUpload(UPLOAD_KINDS['community-logo'], await solid(100, 50).jpeg().toBuffer());
    if (!big.ok || !small.ok) throw new Error('refused');
    expect(await sharp(big.upload.body).metadata()).toMatchObject({ format: 'webp', width: 512, height: 256 });
    expect(await sharp(small.upload.body).metadata()).toMatchObject({ width: 100, height: 50 });
  });

  it('keeps the first frame of an animated GIF avatar, and a chat GIF as it was', async () => {
    const gif = await animatedGif();
    expect((await sharp(gif, { animated: true }).metadata()).pages).toBe(2);

    const avatar = await prepareUpload(UPLOAD_KINDS.avatar, gif);
    if (!avatar.ok) throw new Error('refused');
    const still = await sharp(avatar.upload.body, { animated: true }).metadata();
    expect(still).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(still.pages ?? 1).toBe(1);

    const chat = await prepareUpload(UPLOAD_KINDS['chat-image'], gif);
    if (!chat.ok) throw new Error('refused');
    expect(chat.upload).toMatchObject({ type: 'gif', contentType: 'image/gif', ext: 'gif' });
    expect(chat.upload.body.equals(gif)).toBe(true);
  });

  it('refuses types the kind does not take, whatever the file is', async () => {
    const pdf = Buffer.from('%PDF-1.7\n%%EOF\n');
    expect(await prepareUpload(UPLOAD_KINDS.avatar, pdf)).toEqual({ ok: false, reason: 'unsupported' });
    expect(await prepareUpload(UPLOAD_KINDS['chat-document'], await solid(4, 4).png().toBuffer())).toEqual({ ok: false, reason: 'unsupported' });
    // Text is fine for documents, not for images or for feedback (the spec's list has no txt).
    const notes = Buffer.from('plain notes\n');
    expect((await prepareUpload(UPLOAD_KINDS['chat-document'], notes)).ok).toBe(true);
    expect(await prepareUpload(UPLOAD_KINDS['feedback-media'], notes)).toEqual({ ok: false, reason: 'unsupported' });
    expect(await prepareUpload(UPLOAD_KINDS['community-logo'], notes)).toEqual({ ok: false, reason: 'unsupported' });
  });

  it('refuses an image that starts like a PNG but does not decode', async () => {
    const png = await solid(64, 64).png().toBuffer();
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    expect(await detectFileType(broken)).toBe('png');
    expect(await prepareUpload(UPLOAD_KINDS.avatar, broken)).toEqual({ ok: false, reason: 'unsupported' });
  });

  it(`refuses images over ${MAX_IMAGE_PIXELS / 1e6} megapixels before decoding them`, async () => {
    const huge = await solid(8000, 6000).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.length).toBeLessThan(UPLOAD_KINDS.avatar.maxBytes);
    expect(await prepareUpload(UPLOAD_KINDS.avatar, huge)).toEqual({ ok: false, reason: 'too-many-pixels' });
  });
});

describe('upload kinds', () => {
  it('finds kinds by name only among its own', () => {
    expect(uploadKind('avatar')?.bucket).toBe('avatars');
    expect(uploadKind('toString')).toBeNull();
    expect(uploadKind('__proto__')).toBeNull();
  });

  it('says the limit in megabytes', () => {
    expect(tooLargeMessage(UPLOAD_KINDS.avatar)).toBe('File is too large (max 5 MB).');
    expect(tooLargeMessage(UPLOAD_KINDS['post-attachment'])).toBe('File is too large (max 25 MB).');
  });
});
