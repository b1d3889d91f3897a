import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Chat messages are encrypted on the server with AES-256-GCM. Each conversation has its own key,
 * derived with HKDF-SHA256 from a server secret (never sent to browsers), the community id and the
 * two people's ids in sorted order; the same context is bound in as additional data, so a
 * ciphertext moved to another conversation does not decrypt. Each message records the id of the
 * server key it was made under: keys rotate by adding a new current one and keeping the old ones.
 */

export const UNREADABLE_MESSAGE = '[Unreadable message]';
const HKDF_SALT = Buffer.from('commonroom/chat/v1');
const FORMAT = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface ChatKeyring {
  /** The key new messages are encrypted under. */
  currentId: string;
  keys: ReadonlyMap<string, Buffer>;
}

/**
 * Parses CHAT_ENCRYPTION_KEY: one base64 key of 32 bytes (id 'k1'), or `id:base64,id:base64,…` with
 * the current key first and older ones after it, still used to read older messages.
 */
export function parseKeyring(value: string): ChatKeyring {
  const entries = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part, index) => {
      const colon = part.indexOf(':');
      const [id, encoded] = colon > 0 ? [part.slice(0, colon), part.slice(colon + 1)] : [`k${index + 1}`, part];
      if (!/^[A-Za-z0-9_-]{1,32}$/.test(id)) throw new Error(`CHAT_ENCRYPTION_KEY: key id "${id}" must be 1-32 letters, digits, '-' or '_'`);
      const key = Buffer.from(encoded, 'base64');
      if (key.length !== KEY_BYTES) throw new Error(`CHAT_ENCRYPTION_KEY: key "${id}" must be ${KEY_BYTES} bytes, base64-encoded`);
      return [id, key] as const;
    });
  if (entries.length === 0) throw new Error('CHAT_ENCRYPTION_KEY is empty');
  return { currentId: entries[0]![0], keys: new Map(entries) };
}

/** A new random keyring value (for DATA_DIR's generated default, and tests). */
export function generateKeyringValue(id = 'k1'): string {
  return `${id}:${randomBytes(KEY_BYTES).toString('base64')}`;
}

function conversationContext(communityId: string, a: string, b: string): Buffer {
  return Buffer.from(`${communityId}:${[a, b].sort().join(':')}`);
}

function conversationKey(secret: Buffer, context: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, HKDF_SALT, context, KEY_BYTES));
}

export interface Sealed {
  content: string;
  keyId: string;
}

/** Encrypts `plain` for the conversation of `a` and `b` in `communityId` under the current key. */
export function seal(keyring: ChatKeyring, communityId: string, a: string, b: string, plain: string): Sealed {
  const context = conversationContext(communityId, a, b);
  const key = conversationKey(keyring.keys.get(keyring.currentId)!, context);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(context);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const content = [FORMAT, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join('.');
  return { content, keyId: keyring.currentId };
}

/** The plain text, or null when it cannot be read (unknown key, tampered, wrong conversation). */
export function open(keyring: ChatKeyring, communityId: string, a: string, b: string, sealed: Sealed): string | null {
  const secret = keyring.keys.get(sealed.keyId);
  const [format, iv, tag, data, ...rest] = sealed.content.split('.');
  if (!secret || format !== FORMAT || !iv || !tag || data === undefined || rest.length > 0) return null;
  try {
    const context = conversationContext(communityId, a, b);
    const authTag = Buffer.from(tag, 'base64');
    // A shorter tag would be accepted by GCM and is far easier to forge: only the full 16 bytes we write are read.
    if (authTag.length !== TAG_BYTES) return null;
    const decipher = createDecipheriv('aes-256-gcm', conversationKey(secret, context), Buffer.from(iv, 'base64'), { authTagLength: TAG_BYTES });
    decipher.setAAD(context);
    decipher.setAuthTag(authTag);
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

declare module '../core/context.ts' {
  interface DomainServices {
    /** The server keys chat messages are encrypted under (CHAT_ENCRYPTION_KEY). */
    chatKeys: ChatKeyring;
  }
}
