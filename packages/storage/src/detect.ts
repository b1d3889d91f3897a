import { fileTypeFromBuffer } from 'file-type';
import type { FileType } from '@app/shared/uploads';

/** file-type's extensions for the formats we accept. */
const FROM_FILE_TYPE: Record<string, FileType> = {
  jpg: 'jpeg',
  png: 'png',
  apng: 'png',
  gif: 'gif',
  webp: 'webp',
  mp4: 'mp4',
  webm: 'webm',
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  pptx: 'pptx',
};

/**
 * What a file is, judged from its bytes alone (never its name or the type the client claims), or
 * null when it is none of the formats we know. Plain text has no magic number: it is text when it
 * is valid UTF-8 without NUL or other control characters besides tab, line feed, form feed and
 * carriage return.
 */
export async function detectFileType(bytes: Uint8Array): Promise<FileType | null> {
  const found = await fileTypeFromBuffer(bytes);
  const known = found ? FROM_FILE_TYPE[found.ext] : undefined;
  if (known) return known;
  if (found?.ext === 'cfb') return officeTypeOfCompoundFile(bytes);
  return isPlainText(bytes) ? 'txt' : null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);

export function isPlainText(bytes: Uint8Array): boolean {
  // Bytes below 0x20 and 0x7f never occur inside a multi-byte UTF-8 sequence, so checking bytes is enough.
  for (const byte of bytes) if ((byte < 0x20 && !TEXT_CONTROLS.has(byte)) || byte === 0x7f) return false;
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

// Streams that name the application of an OLE compound file (.doc, .xls, .ppt), in order of precedence:
// a Word document with an embedded spreadsheet also holds a 'Workbook' stream, further down its tree.
const OFFICE_STREAMS: readonly (readonly [string, FileType])[] = [
  ['WordDocument', 'doc'],
  ['PowerPoint Document', 'ppt'],
  ['Workbook', 'xls'],
  ['Book', 'xls'],
];

/**
 * file-type only says 'cfb' for the old Office formats. A compound file's directory entries are
 * 128-byte records in sectors that follow the header, so they sit on 128-byte boundaries: read the
 * stream names there and tell a Word, PowerPoint or Excel file apart (anything else, an .msi say, is null).
 */
export function officeTypeOfCompoundFile(bytes: Uint8Array): FileType | null {
  if (bytes.length < 512) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sectorShift = view.getUint16(30, true);
  if (sectorShift !== 9 && sectorShift !== 12) return null;
  const names = new Set<string>();
  for (let at = 1 << sectorShift; at + 128 <= bytes.length; at += 128) {
    const nameBytes = view.getUint16(at + 64, true);
    const isStream = bytes[at + 66] === 2;
    if (!isStream || nameBytes < 4 || nameBytes > 64 || nameBytes % 2 !== 0) continue;
    names.add(Buffer.from(bytes.subarray(at, at + nameBytes - 2)).toString('utf16le'));
  }
  return OFFICE_STREAMS.find(([name]) => names.has(name))?.[1] ?? null;
}
