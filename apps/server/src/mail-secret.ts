import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './env.ts';

/**
 * The secret unsubscribe links are signed with: MAIL_SECRET when set, else one generated once into
 * DATA_DIR/mail-secret (mode 0600) and read from there on later starts (outside production).
 */
export function loadMailSecret(config: AppConfig): string {
  if (config.mail.secret) return config.mail.secret;
  const file = join(config.dataDir, 'mail-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const value = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
  return value;
}
