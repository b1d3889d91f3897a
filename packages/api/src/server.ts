/**
 * Server-only entry (`@app/api/server`): what the Fastify app needs beside the router, namely
 * the context's parts, the domain error, authorization for routes, and the services its routes call.
 */
export { ACCESS_RULES, authorize, type AccessRule, type Scope, type ScopedRule } from './core/access.ts';
export { createLucia, SESSION_COOKIE, type Auth, type AuthOptions } from './platform/auth/lucia.ts';
export { signInIdentity, type VerifiedIdentity } from './platform/auth/identity.ts';
export { endSession, isSessionActive, sessionTopic } from './platform/auth/session.ts';
export { generateKeyringValue, parseKeyring, seal, type ChatKeyring } from './chat/crypto.ts';
export { chatAttachment, messagePage } from './chat/service.ts';
export type { Context } from './core/context.ts';
export { AppError, APP_ERROR_STATUS, isAppError, SIGNED_IN_MESSAGE, type AppErrorCode } from './core/errors.ts';
export { createHousekeeping, type Housekeeping, type HousekeepingTask } from './platform/jobs/scheduler.ts';
export { housekeepingTasks, type HousekeepingOptions } from './platform/jobs/housekeeping.ts';
export { createLiveBus, type LiveBus, type LiveBusOptions, type LiveEvent } from './platform/live/bus.ts';
export { LIVE_CHANNEL } from './platform/live/publish.ts';
export { MAX_SUBSCRIPTIONS_PER_SOCKET, SocketState } from './core/socket.ts';
export { createOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from './platform/jobs/outbox.ts';
export type { TaskWorker } from './platform/jobs/tasks.ts';
export { createSubscriptionCanceller, CANCEL_SUBSCRIPTION_TASK } from './payments/cancellations.ts';
export { createLocalProvider, localCheckoutPath, type LocalPaymentsProvider } from './payments/local.ts';
export { localIds, localOrderPaidEvent, localOrderRefundedEvent, localRenewalPaidEvent, localSubscriptionRevokedEvent } from './payments/local-events.ts';
export { PAYMENT_MESSAGES, type PaymentsConfig, type PaymentsLog, type PaymentsProvider, type PolarConfig } from './payments/provider.ts';
export { createPaymentsProvider, localCheckoutEnabled, type PaymentsSetup } from './payments/setup.ts';
export { generateWebhookSecret, webhookSigner, WebhookVerificationError } from './payments/signature.ts';
export { addMonth, CHECKOUT_METADATA_KEY, handlePolarEvent, WebhookPayloadError, type OrderPaidEvent, type OrderPaidOutcome } from './payments/webhook.ts';
export { courseCover } from './courses/service.ts';
export { lessonFile, moduleFile } from './courses/files.ts';
export { courseView, lessonView } from './courses/views.ts';
export { eventCalendar } from './calendar/ical.ts';
export { eventCover } from './calendar/service.ts';
export { feedPage, postAttachment } from './posts/service.ts';
export { feedbackMedia } from './feedback/service.ts';
export { partnerOf } from './partners/service.ts';
export { ledgerCsv, payoutsCsv } from './partners/statements.ts';
export { leaderboard } from './levels/board.ts';
export { createRateLimiter, RateLimitedError, rateLimitMessage, type RateLimiter, type RateLimiterOptions } from './platform/rate-limit/limiter.ts';
export { RATE_LIMITS, type RateLimit, type RateLimitName } from './platform/rate-limit/limits.ts';
export { ownProfile } from './profiles/me.ts';
export { appRouter, createCaller, type AppRouter } from './root.ts';
export { storageUsed, storeUpload, type NewUpload, type StoreResult } from './platform/uploads/service.ts';
export { UNREFERENCED_UPLOAD_TTL_MS } from './platform/uploads/sweep.ts';
export { createNotificationJobs, type NotificationJobs } from './notifications/worker.ts';
export { createEmailJobs, enqueueEmails, type EmailJobs } from './notifications/email/jobs.ts';
export { readUnsubscribeToken, unsubscribe, unsubscribeToken } from './notifications/email/unsubscribe.ts';
export type { EmailSwitch } from './notifications/email/model.ts';
export { createMailTransport, type MailTransport } from './platform/mail/transport.ts';
export { listMailbox, readMailboxEntry, type MailboxEntry } from './platform/mail/mailbox.ts';
export { rememberInterfaceLanguage } from './profiles/language.ts';
