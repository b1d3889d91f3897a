import { z } from 'zod';
import { lastEventId } from './input.ts';

/** 'Export my data' (issue 25): a person's data as a ZIP, and an owner's members as CSV. */

// The zod-free part (messages, limits, helpers), a module of its own so that the web app reads it without building these schemas.
export * from './plain/exports.ts';

export const requestExportInput = z.object({});

export const exportSubscriptionInput = z.object({ lastEventId });
