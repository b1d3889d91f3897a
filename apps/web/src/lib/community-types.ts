import type { AppRouter } from '@app/api';
import type { inferRouterOutputs } from '@trpc/server';
import type { Capabilities, CommunityRole } from '@app/shared/plain/roles';

type Outputs = inferRouterOutputs<AppRouter>;

export type CommunityDetails = Outputs['communities']['byName'];
export type CommunityMember = Outputs['membership']['members']['approved'][number];
export type MembersPage = Outputs['membership']['members'];
/** The members loaded so far (pages joined) and the owner's join requests (with the first page). */
export interface MembersList {
  approved: CommunityMember[];
  pending: MembersPage['pending'];
  pendingCount: number;
}

/** The members list, a page at a time, shared by the sidebar, the members and join-request tabs and the chat's picker. */
export type MembersQuery = {
  data: MembersList | undefined;
  isPending: boolean;
  /** The next page: what the list's 'Load more' needs. */
  paging: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    error: { message: string } | null;
    fetchNextPage: () => Promise<unknown>;
  };
} & ({ isError: true; error: { message: string } } | { isError: false; error: null });

/**
 * What the viewer may do in the community, as the server says (membership.status's `role` and
 * `can`): every button of the member view reads it, none re-derives the rules.
 */
export interface CommunityAccess {
  role: CommunityRole | null;
  can: Capabilities;
}
