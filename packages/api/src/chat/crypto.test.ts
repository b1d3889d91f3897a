import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGES } from '@app/shared/chat';
import { generateKeyringValue, open, parseKeyring, seal, UNREADABLE_MESSAGE } from './crypto.ts';

const community = '00000000-0000-4000-8000-000000000001';
const alice = '00000000-0000-4000-8000-00000000000a';
const bob = '00000000-0000-4000-8000-00000000000b';
const carol = '00000000-0000-4000-8000-00000000000c';

describe('chat encryption', () => {
  const keyring = parseKeyring(generateKeyringValue());

  it('round-trips for either sender order, and the ciphertext holds no plain text', () => {
    const sealed = seal(keyring, community, alice, bob, 'meet at 6 — café');
    expect(sealed.content).not.toContain('meet');
    expect(sealed.keyId).toBe('k1');
    expect(open(keyring, community, bob, alice, sealed)).toBe('meet at 6 — café');
  });

  it('uses a fresh IV: the same text never encrypts the same way twice', () => {
    expect(seal(keyring, community, alice, bob, 'same').content).not.toBe(seal(keyring, community, alice, bob, 'same').content);
  });

  it('does not open in another conversation or community, tampered, or under an unknown key', () => {
    const sealed = seal(keyring, community, alice, bob, 'private');
    expect(open(keyring, community, alice, carol, sealed)).toBeNull();
    expect(open(keyring, '00000000-0000-4000-8000-000000000002', alice, bob, sealed)).toBeNull();
    const parts = sealed.content.split('.');
    const data = Buffer.from(parts[3]!, 'base64');
    data[0] = data[0]! ^ 1;
    expect(open(keyring, community, alice, bob, { ...sealed, content: [...parts.slice(0, 3), data.toString('base64')].join('.') })).toBeNull();
    expect(open(keyring, community, alice, bob, { ...sealed, keyId: 'k9' })).toBeNull();
    expect(open(keyring, community, alice, bob, { ...sealed, content: 'garbage' })).toBeNull();
  });

  it('refuses a truncated authentication tag, which GCM would otherwise check only as far as it goes', () => {
    const sealed = seal(keyring, community, alice, bob, 'private');
    const parts = sealed.content.split('.');
    const tag = Buffer.from(parts[2]!, 'base64');
    expect(tag).toHaveLength(16);
    for (const length of [4, 8, 12, 15]) {
      const truncated = [parts[0], parts[1], tag.subarray(0, length).toString('base64'), parts[3]].join('.');
      expect(open(keyring, community, alice, bob, { ...sealed, content: truncated })).toBeNull();
    }
  });

  it('rotates: new messages use the first key, older ones still open with theirs', () => {
    const old = parseKeyring(generateKeyringValue('2025'));
    const sealedBefore = seal(old, community, alice, bob, 'before rotation');
    const rotated = parseKeyring(`${generateKeyringValue('2026')},2025:${old.keys.get('2025')!.toString('base64')}`);
    expect(open(rotated, community, alice, bob, sealedBefore)).toBe('before rotation');
    expect(seal(rotated, community, alice, bob, 'after').keyId).toBe('2026');
  });

  it('refuses keys of the wrong size or with odd ids', () => {
    expect(() => parseKeyring(Buffer.alloc(16).toString('base64'))).toThrow(/32 bytes/);
    expect(() => parseKeyring(`bad id:${Buffer.alloc(32).toString('base64')}`)).toThrow(/key id/);
    expect(() => parseKeyring('')).toThrow(/empty/);
    expect(parseKeyring(Buffer.alloc(32, 1).toString('base64')).currentId).toBe('k1');
  });

  it("says '[Unreadable message]' in English, as the shared message does (the Arabic interface translates it)", () => {
    expect(UNREADABLE_MESSAGE).toBe('[Unreadable message]');
    expect(UNREADABLE_MESSAGE).not.toMatch(/\p{Script=Arabic}/u);
    expect(CHAT_MESSAGES.unreadable).toBe(UNREADABLE_MESSAGE);
  });
});
