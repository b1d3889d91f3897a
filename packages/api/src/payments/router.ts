import type { TRPCRouterRecord } from '@trpc/server';
import { createCheckout } from './createCheckout.ts';

/** Paid memberships: the checkout (the paid-order webhook is a Fastify route calling webhook.ts). */
export const paymentsRouter = { createCheckout } satisfies TRPCRouterRecord;
