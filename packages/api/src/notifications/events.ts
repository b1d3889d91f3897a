import { personTopic } from '../core/topics.ts';

/** A person's notifications changed (one came, or was read): their bells refetch the count. */
export type BellEvent = { type: 'notifications.changed' };

/** The notifications' view of a person's topic: their bell on all their devices. */
export const bellTopic = (userId: string) => personTopic<BellEvent>(userId);
