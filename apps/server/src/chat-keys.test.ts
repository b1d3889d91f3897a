import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyringValue } from '@app/api/server';
import { afterAll, describe, expect, it } from 'vitest';
import { loadChatKeys } from './chat-keys.ts';
import { loadConfig } from './env.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'chat-keys-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('chat encryption key', () => {
  it('is required in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://example.com' })).toThrow(/CHAT_ENCRYPTION_KEY is required in production/);
  });

  it('is generated once into DATA_DIR (readable by the owner only) and reused after a restart', () => {
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    const first = loadChatKeys(config);
    const file = join(dataDir, 'chat-encryption-key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadChatKeys(config).keys.get(first.currentId)).toEqual(first.keys.get(first.currentId));
    expect(readFileSync(file, 'utf8')).toMatch(/^k1:/);
  });

  it('takes CHAT_ENCRYPTION_KEY when given, and refuses a malformed one at start', () => {
    const value = generateKeyringValue('2026');
    expect(loadChatKeys(loadConfig({ DATA_DIR: dataDir, CHAT_ENCRYPTION_KEY: value })).currentId).toBe('2026');
    expect(() => loadChatKeys(loadConfig({ DATA_DIR: dataDir, CHAT_ENCRYPTION_KEY: 'too-short' }))).toThrow(/32 bytes/);
  });
});
