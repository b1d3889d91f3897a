import { z } from 'zod';
import { lastEventId } from './input.ts';
import { COMMUNITY_MESSAGES } from './plain/communities.ts';
import { BOARD_PERIODS, LEVEL_MESSAGES } from './plain/levels.ts';

/** The leaderboards' and levels' inputs (points and levels: plain/levels.ts). */

// The zod-free part (messages, limits, helpers), a module of its own so that the web app reads it without building these schemas.
export * from './plain/levels.ts';

const communityId = z.uuid({ error: COMMUNITY_MESSAGES.notFound });
export const boardInput = z.object({ communityId, period: z.enum(BOARD_PERIODS, { error: LEVEL_MESSAGES.period }) });
export const levelsInput = z.object({ communityId });
export const levelUpsInput = z.object({ lastEventId });
