/**
 * Points and levels (spec section 3 "Levels", made real): a member earns a point for each like
 * received on their posts and comments from someone else, and climbs nine levels.
 *
 * Without zod: levels.ts re-exports all of this beside its schemas (the boards' inputs), and the web
 * app imports it from here without building them (packages/shared/README.md).
 */

/** The points at which each level starts: level 1 at 0, level 9 at 33,015. */
export const LEVEL_THRESHOLDS = [0, 5, 20, 65, 155, 515, 2015, 8015, 33015] as const;
export const MAX_LEVEL = LEVEL_THRESHOLDS.length;

/** The level a number of points reaches (1 to 9). */
export function levelOf(points: number): number {
  let level = 1;
  for (let i = 1; i < LEVEL_THRESHOLDS.length; i += 1) if (points >= LEVEL_THRESHOLDS[i]!) level = i + 1;
  return level;
}

/** Points still needed for the next level, or null at the top. */
export function pointsToNextLevel(points: number): number | null {
  const level = levelOf(points);
  return level >= MAX_LEVEL ? null : LEVEL_THRESHOLDS[level]! - points;
}

export const LEVEL_MESSAGES = {
  locked: (level: number) => `Reach level ${level} to unlock this module.`,
  period: 'Choose a 7-day, 30-day or all-time board.',
} as const;

export const BOARD_PERIODS = ['7d', '30d', 'all'] as const;
export type BoardPeriod = (typeof BOARD_PERIODS)[number];
/** How many days back a windowed board counts, today included. */
export const PERIOD_DAYS: Record<Exclude<BoardPeriod, 'all'>, number> = { '7d': 7, '30d': 30 };
export const BOARD_SIZE = 10;
