import { personTopic } from '../core/topics.ts';

/** A person's data export changed (asked for, ready, failed, expired): their settings pages refetch it. */
export type ExportEvent = { type: 'export.changed'; exportId: string };

/** The exports' view of a person's topic: their settings page on all their devices. */
export const exportTopic = (userId: string) => personTopic<ExportEvent>(userId);
