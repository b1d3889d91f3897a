/** What the simulated members measure, per window (a step of load or a drill phase). */
import { performance } from 'node:perf_hooks';
import { percentile } from '../bench/feed.ts';

export interface WindowFigures {
  seconds: number;
  calls: number;
  /** Per kind of call: how many, p50 and p99 in ms. */
  kinds: Array<{ kind: string; count: number; p50: number; p99: number }>;
  p50: number;
  p99: number;
  /** Live delivery delay (a post's request to its event on another member's socket). */
  deliveries: number;
  deliveryP99: number;
  /** Failed calls and subscription errors, by kind and message. */
  errors: Map<string, number>;
  errorCount: number;
  reconnects: number;
}

export class Metrics {
  private latencies = new Map<string, number[]>();
  private deliveries: number[] = [];
  private errors = new Map<string, number>();
  private reconnects = 0;
  private startedAt = performance.now();

  /** Runs `call`, timing it under `kind`; a failure is counted and rethrown. */
  async timed<T>(kind: string, call: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      const result = await call();
      this.record(kind, performance.now() - start);
      return result;
    } catch (error) {
      this.error(kind, error);
      throw error;
    }
  }

  record(kind: string, ms: number): void {
    let list = this.latencies.get(kind);
    if (!list) this.latencies.set(kind, (list = []));
    list.push(ms);
  }

  delivered(ms: number): void {
    this.deliveries.push(ms);
  }

  error(kind: string, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    const key = `${kind}: ${message.slice(0, 120)}`;
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
  }

  reconnected(): void {
    this.reconnects += 1;
  }

  /** The figures since the last call, and a fresh window. */
  take(): WindowFigures {
    const seconds = (performance.now() - this.startedAt) / 1000;
    const kinds = [...this.latencies]
      .map(([kind, values]) => {
        const sorted = values.sort((a, b) => a - b);
        return { kind, count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
      })
      .sort((a, b) => a.kind.localeCompare(b.kind));
    const all = [...this.latencies.values()].flat().sort((a, b) => a - b);
    const deliveries = this.deliveries.sort((a, b) => a - b);
    const figures: WindowFigures = {
      seconds,
      calls: all.length,
      kinds,
      p50: percentile(all, 50),
      p99: percentile(all, 99),
      deliveries: deliveries.length,
      deliveryP99: percentile(deliveries, 99),
      errors: this.errors,
      errorCount: [...this.errors.values()].reduce((a, b) => a + b, 0),
      reconnects: this.reconnects,
    };
    this.latencies = new Map();
    this.deliveries = [];
    this.errors = new Map();
    this.reconnects = 0;
    this.startedAt = performance.now();
    return figures;
  }
}
