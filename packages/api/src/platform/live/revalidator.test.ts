import { describe, expect, it, vi } from 'vitest';
import { createRevalidator } from './revalidator.ts';

describe('the revalidator of live subscriptions', () => {
  it('runs one check per key a round for every subscription that shares it, and tells them all when it fails', async () => {
    const revalidator = createRevalidator(10);
    let allowed = true;
    const shared = vi.fn(async () => allowed);
    const own = vi.fn(async () => true);
    const denied = [vi.fn(), vi.fn(), vi.fn()];
    const stops = denied.map((onDenied) => revalidator.add('session|member:c:u', shared, onDenied));
    const stopOwn = revalidator.add(null, own, () => {});
    await vi.waitFor(() => expect(own.mock.calls.length).toBeGreaterThanOrEqual(3));
    // Five tabs or one: the shared question is asked once a round, like the lone subscription's.
    expect(Math.abs(shared.mock.calls.length - own.mock.calls.length)).toBeLessThanOrEqual(1);

    allowed = false;
    await vi.waitFor(() => denied.forEach((onDenied) => expect(onDenied).toHaveBeenCalled()));
    for (const stop of [...stops, stopOwn]) stop();
    const asked = own.mock.calls.length;
    await new Promise((r) => setTimeout(r, 50));
    expect(own.mock.calls.length).toBe(asked);
  });

  it('starts a batch of checks together and the next batch once it is answered, and counts a check that throws as passed', async () => {
    const revalidator = createRevalidator(10, 5);
    let running = 0;
    let most = 0;
    const startedTogether: number[] = [];
    const onDenied = vi.fn();
    const slow = async () => {
      running += 1;
      most = Math.max(most, running);
      // All of a batch start in one tick: a batching reader (DataLoader) answers them in one statement.
      queueMicrotask(() => startedTogether.push(running));
      await new Promise((r) => setTimeout(r, 5));
      running -= 1;
      throw new Error('the database is restarting');
    };
    const stops = Array.from({ length: 12 }, (_, n) => revalidator.add(`key ${n}`, slow, onDenied));
    await vi.waitFor(() => expect(startedTogether.length).toBeGreaterThanOrEqual(12));
    // Twelve checks: batches of 5, 5 and 2.
    expect(startedTogether.slice(0, 12)).toEqual([5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 2, 2]);
    await new Promise((r) => setTimeout(r, 50));
    expect(most).toBe(5);
    expect(onDenied).not.toHaveBeenCalled();
    for (const stop of stops) stop();
  });
});
