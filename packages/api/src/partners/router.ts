import type { TRPCRouterRecord } from '@trpc/server';
import { balances, recordPayout } from './admin.ts';
import { dashboard } from './dashboard.ts';
import { join } from './join.ts';
import { ledger, payouts } from './ledger.ts';
import { me } from './me.ts';
import { onDashboard } from './onDashboard.ts';

/** The partner programme: joining, the dashboard and its live updates, the ledger and payouts; admins record payouts. */
export const partnersRouter = {
  me,
  join,
  dashboard,
  ledger,
  payouts,
  onDashboard,
  balances,
  recordPayout,
} satisfies TRPCRouterRecord;
