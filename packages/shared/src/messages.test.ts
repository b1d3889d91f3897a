/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';

const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true });
const ARABIC = /\p{Script=Arabic}/u;

describe('shared messages', () => {
  // The server speaks English to everyone; the Arabic interface translates (apps/web/src/i18n/ar/server.json).
  it('are all English: no *_MESSAGES value holds Arabic letters', () => {
    const arabic: string[] = [];
    let count = 0;
    for (const exports of Object.values(modules)) {
      for (const [object, value] of Object.entries(exports)) {
        if (!object.endsWith('_MESSAGES')) continue;
        for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
          const texts = typeof entry === 'function' ? [(entry as (...a: unknown[]) => string)('name', 7), (entry as (...a: unknown[]) => string)(250, 250)] : [entry];
          for (const text of texts) {
            count += 1;
            if (typeof text !== 'string' || ARABIC.test(text)) arabic.push(`${object}.${key}: ${String(text)}`);
          }
        }
      }
    }
    expect(count).toBeGreaterThan(150);
    expect(arabic).toEqual([]);
  });
});
