/** Event changes, on the community's topic: ids only. Members' open calendars refetch what they show. */
export type CommunityEventChange = { type: 'event.created' | 'event.updated' | 'event.deleted'; eventId: string };
