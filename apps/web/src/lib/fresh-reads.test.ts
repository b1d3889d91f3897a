import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepFreshReads } from './fresh-reads.ts';

/** A server whose reads are answered only when the test lets them: each read sees the list as it was when it began. */
function slowServer() {
  const items: string[] = [];
  const waiting: (() => void)[] = [];
  let reads = 0;
  return {
    items,
    get reads() {
      return reads;
    },
    read: () => {
      reads += 1;
      const seen = [...items];
      return new Promise<string[]>((resolve) => waiting.push(() => resolve(seen)));
    },
    /** Answers the oldest read still waiting (once one is). */
    answer: async () => {
      await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(0));
      waiting.shift()!();
    },
    waiting: () => waiting.length,
  };
}

const queryKey = ['feed'];
let stop: (() => void)[] = [];
afterEach(() => {
  for (const s of stop) s();
  stop = [];
});

function watched(server: ReturnType<typeof slowServer>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  stop.push(keepFreshReads(client));
  const observer = new QueryObserver(client, { queryKey, queryFn: server.read });
  stop.push(observer.subscribe(() => undefined));
  return { client, observer };
}

describe('keepFreshReads', () => {
  it('reads again when a change is written while a fetch that began before it is in flight', async () => {
    const server = slowServer();
    const { client, observer } = watched(server);
    await server.answer();
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual([]));
    void client.invalidateQueries({ queryKey });
    // The viewer posts while that read is out: the server has it, and so does the cache, until the read lands.
    server.items.push('my post');
    client.setQueryData<string[]>(queryKey, (list) => [...(list ?? []), 'my post']);
    await server.answer();
    await server.answer();
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(['my post']));
    expect(server.reads).toBe(3);
  });

  it('reads again from now when a refresh is asked for during the first load (which react-query would join)', async () => {
    const server = slowServer();
    const { client, observer } = watched(server);
    server.items.push('posted before listening');
    void client.invalidateQueries({ queryKey });
    await server.answer();
    await server.answer();
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(['posted before listening']));
    expect(server.reads).toBe(2);
  });

  it('costs no read when nothing is in flight, and stops after a failed read', async () => {
    const server = slowServer();
    const { client, observer } = watched(server);
    await server.answer();
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    client.setQueryData<string[]>(queryKey, ['written while idle']);
    void client.invalidateQueries({ queryKey });
    await server.answer();
    await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
    expect(server.reads).toBe(2);
    expect(server.waiting()).toBe(0);

    const failing = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    stop.push(keepFreshReads(failing));
    let attempts = 0;
    let fail: (error: Error) => void = () => undefined;
    const broken = new QueryObserver(failing, { queryKey, queryFn: () => new Promise<string[]>((_, reject) => ((attempts += 1), (fail = reject))) });
    stop.push(broken.subscribe(() => undefined));
    void failing.invalidateQueries({ queryKey });
    fail(new Error('the server is restarting'));
    await vi.waitFor(() => expect(broken.getCurrentResult().isError).toBe(true));
    expect(attempts).toBe(1);
  });
});
