import { describe, expect, it } from 'vitest';
import { coalescedTimers, type TimerHost } from './coalesced-timers.ts';

/** A clock moved by hand and the real timers armed on it. */
function fakeHost() {
  let now = 0;
  let lastId = 0;
  const armed = new Map<number, { at: number; run: () => void }>();
  const calls = { set: 0, clear: 0 };
  const host: TimerHost = {
    now: () => now,
    setTimeout(run, ms) {
      calls.set++;
      armed.set(++lastId, { at: now + ms, run });
      return lastId;
    },
    clearTimeout(id) {
      calls.clear++;
      armed.delete(id as number);
    },
  };
  /** Moves the clock to `to`, running each real timer at its time. */
  function advance(to: number) {
    for (;;) {
      const next = [...armed.entries()].sort((a, b) => a[1].at - b[1].at)[0];
      if (!next || next[1].at > to) break;
      armed.delete(next[0]);
      now = Math.max(now, next[1].at);
      next[1].run();
    }
    now = to;
  }
  return { host, calls, armed, advance };
}

describe('coalescedTimers', () => {
  it('holds one real timer for many, and runs each at or after its delay, at most an eighth (and a second) late', () => {
    const { host, calls, armed, advance } = fakeHost();
    const timers = coalescedTimers(host);
    const ran: Array<[string, number]> = [];
    for (let i = 0; i < 200; i++) timers.setTimeout(() => ran.push([`stale ${i}`, host.now()]), 60_000 + i);
    for (let i = 0; i < 100; i++) timers.setTimeout(() => ran.push([`gc ${i}`, host.now()]), 300_000);
    expect(armed.size).toBe(1);
    expect(calls.set).toBeLessThanOrEqual(2);
    advance(59_999);
    expect(ran).toEqual([]);
    advance(400_000);
    expect(ran).toHaveLength(300);
    const stale = ran.filter(([name]) => name.startsWith('stale'));
    stale.forEach(([name, at]) => {
      const delay = 60_000 + Number(name.split(' ')[1]);
      expect(at).toBeGreaterThanOrEqual(delay);
      expect(at).toBeLessThanOrEqual(delay + 1_000);
    });
    // Those due about together ran in one task.
    expect(new Set(stale.map(([, at]) => at)).size).toBe(1);
    ran.filter(([name]) => name.startsWith('gc')).forEach(([, at]) => expect(at).toBeGreaterThanOrEqual(300_000));
    expect(calls.set).toBeLessThanOrEqual(4);
  });

  it('runs a short timer on time, in order with others due, and a cleared one never', () => {
    const { host, advance } = fakeHost();
    const timers = coalescedTimers(host);
    const ran: string[] = [];
    timers.setTimeout(() => ran.push('long'), 60_000);
    timers.setTimeout(() => ran.push('zero'), 0);
    const cleared = timers.setTimeout(() => ran.push('cleared'), 10);
    timers.setTimeout(() => ran.push('fifty'), 50);
    timers.clearTimeout(cleared);
    advance(0);
    expect(ran).toEqual(['zero']);
    advance(49);
    expect(ran).toEqual(['zero']);
    advance(50);
    expect(ran).toEqual(['zero', 'fifty']);
    advance(61_000);
    expect(ran).toEqual(['zero', 'fifty', 'long']);
  });

  it('skips a timer due in the same task once one before it clears it', () => {
    const { host, advance } = fakeHost();
    const timers = coalescedTimers(host);
    const ran: string[] = [];
    let second = 0;
    timers.setTimeout(() => {
      ran.push('first');
      timers.clearTimeout(second);
    }, 100);
    second = timers.setTimeout(() => ran.push('second'), 100);
    advance(200);
    expect(ran).toEqual(['first']);
  });

  it('repeats an interval until cleared, and arms what a callback sets against what is left', () => {
    const { host, advance } = fakeHost();
    const timers = coalescedTimers(host);
    const ticks: number[] = [];
    const id = timers.setInterval(() => ticks.push(host.now()), 20_000);
    const later: number[] = [];
    timers.setTimeout(() => timers.setTimeout(() => later.push(host.now()), 5), 10);
    advance(101_000);
    expect(ticks).toHaveLength(5);
    ticks.forEach((at, i) => {
      expect(at).toBeGreaterThanOrEqual((i + 1) * 20_000);
      expect(at).toBeLessThanOrEqual((i + 1) * 20_000 + 1_000);
    });
    expect(later).toEqual([15]);
    timers.clearInterval(id);
    advance(200_000);
    expect(ticks).toHaveLength(5);
  });

  it('keeps the other timers of a task running when one throws', async () => {
    const { host, advance } = fakeHost();
    const timers = coalescedTimers(host);
    const ran: string[] = [];
    const thrown = new Promise((resolve) => {
      const previous = process.listeners('uncaughtException');
      process.removeAllListeners('uncaughtException');
      process.once('uncaughtException', (error) => {
        previous.forEach((listener) => process.on('uncaughtException', listener));
        resolve(error);
      });
    });
    timers.setTimeout(() => {
      throw new Error('boom');
    }, 10);
    timers.setTimeout(() => ran.push('after'), 10);
    advance(10);
    expect(ran).toEqual(['after']);
    expect(((await thrown) as Error).message).toBe('boom');
  });
});
