/** Event changes, on the community's topic: ids only. Members' open calendars refetch what they show. */
export type CommunityEventChange = { type: 'event.created' | 'event.updated' | 'event.deleted'; eventId: string };
import { communityTopic } from '../core/topics.ts';

/** The calendar's view of the community's topic. */
export const calendarTopic = (communityId: string) => communityTopic<CommunityEventChange>(communityId);
