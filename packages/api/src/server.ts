/**
 * Server-only entry (`@app/api/server`): what the Fastify app needs beside the router, namely
 * the context's parts, the domain error, authorization for routes, and the services its routes call.
 */
export { ACCESS_RULES, authorize, type AccessRule, type Scope } from './access.ts';
export { createLucia, SESSION_COOKIE, type Auth, type AuthOptions } from './auth/lucia.ts';
export { signInIdentity, type VerifiedIdentity } from './auth/identity.ts';
export { generateKeyringValue, parseKeyring, seal, type ChatKeyring } from './chat/crypto.ts';
export { chatAttachment, messagePage } from './chat/service.ts';
export type { Context } from './context.ts';
export { AppError, APP_ERROR_STATUS, isAppError, SIGNED_IN_MESSAGE, type AppErrorCode } from './errors.ts';
export { createLiveBus, type LiveBus, type LiveBusOptions, type LiveEvent } from './live/bus.ts';
export { LIVE_CHANNEL } from './live/publish.ts';
export { createOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from './notifications/outbox.ts';
export { localCheckoutPath, localOrderPaidEvent } from './payments/local.ts';
export { PAYMENT_MESSAGES, type PaymentsConfig, type PaymentsLog, type PaymentsProvider, type PolarConfig } from './payments/provider.ts';
export { createPaymentsProvider, localCheckoutEnabled, type PaymentsSetup } from './payments/setup.ts';
export { generateWebhookSecret, webhookSigner, WebhookVerificationError } from './payments/signature.ts';
export { addMonth, CHECKOUT_METADATA_KEY, handlePolarEvent, WebhookPayloadError, type OrderPaidOutcome } from './payments/webhook.ts';
export { feedPage, postAttachment } from './posts/service.ts';
export { ownProfile } from './profiles/me.ts';
export { appRouter, createCaller, type AppRouter } from './root.ts';
