import { communityTopic } from '../core/topics.ts';

/**
 * Invitations' events, on the community's topic: an invite was made, used or revoked. They carry
 * no token (the topic reaches every member's subscriptions, which pass over other domains' types);
 * invitations.onChange passes them to the owner and admins, whose list reads itself again.
 */
export type InvitationEvent = { type: 'invites.changed' };

export const invitationsTopic = (communityId: string) => communityTopic<InvitationEvent>(communityId);
