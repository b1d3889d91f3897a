import { describe, expect, it } from 'vitest';
import { pacer } from './jobs.ts';

describe('the e-mail pacer', () => {
  it('spaces a burst 1/rate apart, and lets a send through at once after a quiet spell', () => {
    let clock = 1000;
    const pace = pacer(100, () => clock);
    // Eight lanes asking at once: slots 0, 10, 20 … 70 ms away.
    expect(Array.from({ length: 8 }, () => pace.wait())).toEqual([0, 10, 20, 30, 40, 50, 60, 70]);
    clock += 1000;
    expect(pace.wait()).toBe(0);
    expect(pace.wait()).toBe(10);
  });
});
