import type { AppRouter } from '@app/api';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;

export type Dashboard = Outputs['partners']['dashboard'];
export type ReferredCommunity = Dashboard['communities'][number];
export type LedgerMonth = Dashboard['months'][number];
export type LedgerEntry = Outputs['partners']['ledger']['items'][number];
export type Payout = Outputs['partners']['payouts']['items'][number];
export type PartnerBalance = Outputs['partners']['balances'][number];
