import { describe, expect, it } from 'vitest';
import { formatStorage, storageFullMessage } from './uploads.ts';

const MB = 1024 * 1024;
const GB = 1024 * MB;

describe('storage amounts', () => {
  it('reads in GB, MB or KB', () => {
    expect(formatStorage(GB)).toBe('1 GB');
    expect(formatStorage(1.5 * GB)).toBe('1.5 GB');
    expect(formatStorage(20 * MB)).toBe('20 MB');
    expect(formatStorage(12.34 * MB)).toBe('12.3 MB');
    expect(formatStorage(40 * 1024)).toBe('40 KB');
    expect(formatStorage(0)).toBe('0 KB');
  });

  it('says what the quota is and what is left of it', () => {
    expect(storageFullMessage(GB, GB, 3 * MB)).toBe('You have used all of your 1 GB of storage. Delete some files and try again.');
    expect(storageFullMessage(GB, GB - 2 * MB, 3 * MB)).toBe(
      'This file (3 MB) does not fit in the 2 MB left of your 1 GB of storage. Delete some files and try again.',
    );
  });
});
