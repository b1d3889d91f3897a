import type { AppRouter } from '@app/api';
import type { UseQueryResult } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;

export type CommunityDetails = Outputs['communities']['byName'];
export type CommunityMember = Outputs['membership']['members']['approved'][number];
export type MembersList = Outputs['membership']['members'];

/** The members query, shared by the sidebar and the members and join-request tabs. */
export type MembersQuery = UseQueryResult<MembersList, { message: string }>;
