import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateKeyringValue, parseKeyring, type ChatKeyring } from '@app/api/server';
import type { AppConfig } from './env.ts';

/**
 * The chat keyring: CHAT_ENCRYPTION_KEY when set (validated here, at start), else a key generated
 * once into DATA_DIR/chat-encryption-key (mode 0600) and read from there on later starts.
 */
export function loadChatKeys(config: AppConfig): ChatKeyring {
  if (config.chatEncryptionKey) return parseKeyring(config.chatEncryptionKey);
  const file = join(config.dataDir, 'chat-encryption-key');
  try {
    return parseKeyring(readFileSync(file, 'utf8').trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const value = generateKeyringValue();
  try {
    writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return parseKeyring(readFileSync(file, 'utf8').trim());
  }
  return parseKeyring(value);
}
