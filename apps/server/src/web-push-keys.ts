import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateVapidKeys, type WebPushConfig } from '@app/api/server';
import type { AppConfig } from './env.ts';

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

function readKeys(file: string): VapidKeys | null {
  try {
    const keys = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof keys.publicKey === 'string' && typeof keys.privateKey === 'string') return { publicKey: keys.publicKey, privateKey: keys.privateKey };
    throw new Error(`${file} does not hold VAPID keys: remove it to have new ones generated`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Web push's keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set; outside production, a pair
 * generated once into DATA_DIR/vapid-keys.json (mode 0600) and read from there on later starts
 * (browsers' subscriptions are bound to the public key, so it must not change); in production
 * without them, null: pushes are off, and the caller says so loudly.
 */
export function loadWebPush(config: AppConfig): WebPushConfig | null {
  const withKeys = (keys: VapidKeys): WebPushConfig => ({ ...keys, subject: config.vapid.subject });
  if (config.vapid.keys) return withKeys(config.vapid.keys);
  if (config.env === 'production') return null;
  const file = join(config.dataDir, 'vapid-keys.json');
  const kept = readKeys(file);
  if (kept) return withKeys(kept);
  mkdirSync(config.dataDir, { recursive: true });
  const keys = generateVapidKeys();
  try {
    writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return withKeys(readKeys(file)!);
  }
  return withKeys(keys);
}
