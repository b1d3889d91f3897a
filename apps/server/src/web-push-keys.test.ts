import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyringValue, generateVapidKeys } from '@app/api/server';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';
import { loadWebPush } from './web-push-keys.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'vapid-keys-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://example.com', CHAT_ENCRYPTION_KEY: generateKeyringValue(), DATA_DIR: dataDir } as const;

describe('web push keys', () => {
  it('are generated once into DATA_DIR outside production (readable by the owner only) and reused after a restart', () => {
    const first = loadWebPush(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, ADMIN_EMAILS: 'ops@example.com' }));
    expect(first).toMatchObject({ subject: 'mailto:ops@example.com' });
    const file = join(dataDir, 'vapid-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ publicKey: first!.publicKey, privateKey: first!.privateKey });
    expect(loadWebPush(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }))).toMatchObject({ publicKey: first!.publicKey });
  });

  it('are taken from the environment; production without them turns pushes off', () => {
    const keys = generateVapidKeys();
    const given = loadWebPush(loadConfig({ ...production, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }));
    expect(given).toEqual({ ...keys, subject: 'https://example.com' });
    expect(loadWebPush(loadConfig({ ...production, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'mailto:push@example.com' }))?.subject).toBe(
      'mailto:push@example.com',
    );
    expect(loadWebPush(loadConfig(production))).toBeNull();
  });

  it('are refused when only one is given or when they are not keys', () => {
    const keys = generateVapidKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/go together/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(/VAPID_PUBLIC_KEY must be/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://example.com' })).toThrow(/VAPID_SUBJECT must be/);
  });
});
