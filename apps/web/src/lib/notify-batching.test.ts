import { describe, expect, it } from 'vitest';
import { oneTaskScheduler } from './notify-batching.ts';

describe('oneTaskScheduler', () => {
  it('runs everything scheduled before its task in that one task, in order', () => {
    const tasks: Array<() => void> = [];
    const schedule = oneTaskScheduler((run) => tasks.push(run));
    const ran: string[] = [];
    schedule(() => ran.push('a'));
    schedule(() => ran.push('b'));
    schedule(() => ran.push('c'));
    expect(tasks).toHaveLength(1);
    expect(ran).toEqual([]);
    tasks.shift()!();
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('leaves what is scheduled while it runs to the next task', () => {
    const tasks: Array<() => void> = [];
    const schedule = oneTaskScheduler((run) => tasks.push(run));
    const ran: string[] = [];
    schedule(() => {
      ran.push('first');
      schedule(() => ran.push('later'));
    });
    tasks.shift()!();
    expect(ran).toEqual(['first']);
    expect(tasks).toHaveLength(1);
    tasks.shift()!();
    expect(ran).toEqual(['first', 'later']);
    schedule(() => ran.push('again'));
    expect(tasks).toHaveLength(1);
  });

  it('uses a zero timeout by default', async () => {
    const schedule = oneTaskScheduler();
    const ran: number[] = [];
    schedule(() => ran.push(1));
    schedule(() => ran.push(2));
    expect(ran).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(ran).toEqual([1, 2]);
  });
});
