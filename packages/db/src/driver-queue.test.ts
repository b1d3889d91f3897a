import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * postgres.js (3.4.9) keeps each pool's connections in queues (open, busy, …) that leave a hole for
 * every connection shifted off and are only cleared when shifted empty, which a busy pool's queue never
 * is; and moving a connection searched the whole array, holes included. Every query then cost more
 * than the one before: 100 queries at a time on a pool of 10 spent 835 ms of CPU on 25,000 queries
 * at first and 1,490 ms after 150,000. patches/postgres+3.4.9.patch compacts the queue and searches
 * only what is in it (patch-package applies it as `npm install` ends): these check both copies the
 * driver ships (ES module and CommonJS) with the moves a busy pool makes, by the CPU they take.
 */
const cjsDir = dirname(createRequire(import.meta.url).resolve('postgres'));
const copies = { 'ES module': join(cjsDir, '../../src/queue.js'), CommonJS: join(cjsDir, 'queue.js') };

interface Queue<T> {
  readonly length: number;
  push(item: T): T;
  shift(): T;
  remove(item: T): T | null;
}
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

describe.each(Object.entries(copies))("the database driver's connection queue (%s)", (_copy, file) => {
  it('costs as little after 200,000 moves as after the first, and keeps its order', async () => {
    const { default: makeQueue } = (await import(pathToFileURL(file).href)) as { default: <T>() => Queue<T> };
    const queue = makeQueue<string>();
    queue.push('a');
    queue.push('b');
    let removed = 0;
    let cpu = 0;
    const started = process.cpuUsage();
    for (let i = 1; i <= 200_000; i++) {
      // A busy connection given one more query goes to the back; another passes through and leaves.
      queue.push(queue.shift());
      queue.push('c');
      if (queue.remove('c') === 'c') removed++;
      // Before the patch the array grew by a slot a move and each search read all of it: about 20
      // billion reads in all, minutes of CPU. With it, a few milliseconds.
      if (i % 10_000 === 0 && (cpu = cpuMs(started)) > 2_000) break;
    }
    expect(cpu).toBeLessThan(2_000);
    expect(removed).toBe(200_000);
    expect(queue.length).toBe(2);
    expect(queue.remove('missing')).toBeNull();
    expect([queue.shift(), queue.shift()]).toEqual(['a', 'b']);
    expect(queue.length).toBe(0);
  });
});
