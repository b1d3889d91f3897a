import { observable } from '@trpc/server/observable';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldUntil } from './held-link.ts';

/** The link for `ready`, with a `next` that notes which operations started and stopped. */
function heldLink(ready: Promise<unknown>) {
  const started: string[] = [];
  const stopped: string[] = [];
  const link = heldUntil(ready)({} as never);
  const run = (path: string) =>
    link({
      op: { id: 1, type: 'subscription', path, input: undefined, context: {}, signal: null },
      next: (op) =>
        observable(() => {
          started.push(op.path);
          return () => stopped.push(op.path);
        }),
    }).subscribe({});
  return { run, started, stopped };
}

describe('heldUntil', () => {
  afterEach(() => vi.useRealTimers());

  it('starts nothing before the page is alive, then what it held one per task, in order', async () => {
    vi.useFakeTimers();
    let alive!: () => void;
    const { run, started } = heldLink(new Promise<void>((resolve) => (alive = resolve)));
    run('posts.onFeed');
    run('chat.onInbox');
    run('notifications.onNew');
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toEqual([]);
    alive();
    await Promise.resolve();
    await Promise.resolve();
    // Not in the task the page came alive in: in the next.
    expect(started).toEqual([]);
    await vi.advanceTimersToNextTimerAsync();
    expect(started).toEqual(['posts.onFeed']);
    await vi.advanceTimersToNextTimerAsync();
    expect(started).toEqual(['posts.onFeed', 'chat.onInbox']);
    await vi.advanceTimersToNextTimerAsync();
    expect(started).toEqual(['posts.onFeed', 'chat.onInbox', 'notifications.onNew']);
    // Once released, an operation starts at once.
    run('presence.changed');
    expect(started.at(-1)).toBe('presence.changed');
  });

  it('never starts an operation cancelled while held, and stops a started one', async () => {
    vi.useFakeTimers();
    let alive!: () => void;
    const { run, started, stopped } = heldLink(new Promise<void>((resolve) => (alive = resolve)));
    const feed = run('posts.onFeed');
    const inbox = run('chat.onInbox');
    inbox.unsubscribe();
    alive();
    await vi.runAllTimersAsync();
    expect(started).toEqual(['posts.onFeed']);
    feed.unsubscribe();
    expect(stopped).toEqual(['posts.onFeed']);
  });
});
