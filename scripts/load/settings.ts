/** The load test's settings, from the environment (docs/performance.md lists them). */

export interface LoadSettings {
  steps: number[];
  stepSeconds: number;
  thinkMs: readonly [number, number];
  communitySize: number;
  p99LimitMs: number;
  /** The drills run at this share of the last step that held. */
  drillShare: number;
  settleSeconds: number;
  /** After a step's members arrived (every tab's subscriptions started), seconds before it is measured. */
  warmupSeconds: number;
  /** Tabs each member holds open: a WebSocket each, with the feed, inbox and notifications subscriptions. */
  tabs: number;
}

function whole(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, got '${raw}'.`);
  return value;
}

export function loadSettings(): LoadSettings {
  const steps = (process.env.LOAD_STEPS ?? '250,500,750,1000,1250,1500').split(',').map((s) => Number(s.trim()));
  if (steps.some((n) => !Number.isInteger(n) || n < 2 || n > 20_000)) throw new Error(`LOAD_STEPS must list member counts (2-20000), got '${process.env.LOAD_STEPS}'.`);
  const think = (process.env.LOAD_THINK_MS ?? '5000-15000').split('-').map(Number);
  const [min, max] = [think[0] ?? Number.NaN, think[1] ?? Number.NaN];
  if (!(min >= 0 && max >= min)) throw new Error(`LOAD_THINK_MS must be 'min-max' in ms, got '${process.env.LOAD_THINK_MS}'.`);
  const share = Number(process.env.LOAD_DRILL_SHARE ?? '0.4');
  if (!(share > 0 && share <= 1)) throw new Error(`LOAD_DRILL_SHARE must be above 0 and at most 1, got '${process.env.LOAD_DRILL_SHARE}'.`);
  return {
    steps: steps.sort((a, b) => a - b),
    stepSeconds: whole('LOAD_STEP_SECONDS', 60, 5, 3600),
    thinkMs: [min, max],
    communitySize: whole('LOAD_COMMUNITY_SIZE', 100, 2, 10_000),
    p99LimitMs: whole('LOAD_P99_LIMIT_MS', 1000, 1, 60_000),
    drillShare: share,
    settleSeconds: whole('LOAD_SETTLE_SECONDS', 15, 1, 600),
    warmupSeconds: whole('LOAD_WARMUP_SECONDS', 15, 0, 600),
    tabs: whole('LOAD_TABS', 1, 1, 20),
  };
}
