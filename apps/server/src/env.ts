import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PaymentsConfig } from '@app/api/server';
import type { StorageConfig } from '@app/storage';
import { endpointOf } from '@app/storage';
import { z } from 'zod';

const GOOGLE_DEFAULTS = {
  authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenEndpoint: 'https://oauth2.googleapis.com/token',
  jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
  issuers: ['https://accounts.google.com', 'accounts.google.com'],
};

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

const flag = z
  .enum(['1', '0', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  ALLOWED_ORIGINS: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  DATA_DIR: z.string().default('.data'),
  WEB_DIST: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTHORIZATION_URL: z.url().optional(),
  GOOGLE_TOKEN_URL: z.url().optional(),
  GOOGLE_JWKS_URL: z.url().optional(),
  GOOGLE_ISSUER: z.string().optional(),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  ADDRESS_LIMIT_SCALE: z.coerce.number().positive().default(1),
  MEMBER_PAGE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(5_000).default(0),
  TRUST_PROXY: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BENCH_ROUTES: flag,
  STORAGE_DRIVER: z.enum(['fs', 's3']).default('fs'),
  S3_ENDPOINT: z.string().optional(),
  S3_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  S3_USE_SSL: flag,
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET_PREFIX: z.string().default(''),
  S3_PUBLIC_URL: z.url().optional(),
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).default(1024),
  ADMIN_EMAILS: z.string().max(10_000).default(''),
  POLAR_ACCESS_TOKEN: z.string().optional(),
  POLAR_PRODUCT_ID: z.string().optional(),
  POLAR_SERVER: z.enum(['sandbox', 'production']).default('production'),
  POLAR_WEBHOOK_SECRET: z.string().optional(),
  CHAT_ENCRYPTION_KEY: z.string().optional(),
  NOTIFY_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  NOTIFY_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'NOTIFY_WEBHOOK_SECRET must be a Standard Webhooks secret (whsec_…)').optional(),
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key (web-push generate-vapid-keys)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key (web-push generate-vapid-keys)').optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)\S+$/, 'VAPID_SUBJECT must be a mailto: or https: address').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().max(300).optional(),
  MAIL_SECRET: z.string().min(16, 'MAIL_SECRET must be at least 16 characters').optional(),
  EMAIL_BATCH_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  EMAIL_SEND_RATE: z.coerce.number().int().min(1).max(10_000).default(100),
  UNSAFE_LOCAL_STAND_INS: flag,
});

type Env = z.infer<typeof schema>;

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUrl: string;
  issuers: string[];
}

export interface MailConfig {
  /**
   * Where e-mail goes: 'smtp' (SMTP_URL), 'mailbox' (no SMTP_URL outside production: kept under
   * DATA_DIR/mailbox and shown at /dev/mailbox on this computer), or 'off' (production without SMTP_URL).
   */
  mode: 'smtp' | 'mailbox' | 'off';
  smtpUrl: string | null;
  from: string;
  mailboxDir: string;
  /** Signs unsubscribe links; null: generated into DATA_DIR/mail-secret (refused in production with SMTP). */
  secret: string | null;
  /** Mentions, replies and messages unseen this long are e-mailed, several in one e-mail. */
  batchSeconds: number;
  /** At most this many e-mails a second leave each process (a digest's burst yields to requests). */
  sendRate: number;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** The origin people use to reach the app (scheme, host, port), with no trailing slash. */
  publicUrl: string;
  /** Origins besides publicUrl whose browser requests are accepted (the Vite dev server, say). */
  allowedOrigins: string[];
  databaseUrl: string | null;
  /** Connections each process keeps to Postgres. */
  databasePoolSize: number;
  dataDir: string;
  webDist: string | null;
  google: GoogleConfig | null;
  sessionDays: number;
  authRateLimitMax: number;
  /** Multiplies every write limit, call budget and live cap (packages/api/src/platform/rate-limit/limits.ts); AUTH_RATE_LIMIT_MAX is taken as given. */
  rateLimitScale: number;
  /** Multiplies the per-address call budget and live caps again (many people behind one address). */
  addressLimitScale: number;
  /** How long a member's page rendered by the server may wait for its data before the shell is sent (plugins/member-pages.ts). */
  memberPageTimeoutMs: number;
  /** On SIGTERM, how long /healthz answers 503 while every call is still served, before the process stops accepting (plugins/drain.ts). */
  shutdownDelayMs: number;
  trustProxy: boolean;
  logLevel: string;
  benchRoutes: boolean;
  storage: StorageConfig;
  /** What one person may store in all (UPLOAD_QUOTA_MB): uploads past it are refused. */
  uploadQuotaBytes: number;
  /** The platform's admins (ADMIN_EMAILS), lower-cased: they remove any feedback and record partner payouts. */
  adminEmails: string[];
  payments: PaymentsConfig;
  /** Where members' notifications (a new post…) are POSTed, signed with `secret`; null: not sent. */
  notifyWebhook: { url: string | null; secret: string | null };
  /**
   * Web push's VAPID keys as given (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY) and whom push services may
   * reach (VAPID_SUBJECT); keys null: generated into DATA_DIR outside production, pushes off in it.
   */
  vapid: { keys: { publicKey: string; privateKey: string } | null; subject: string };
  mail: MailConfig;
  /** CHAT_ENCRYPTION_KEY as given; null: generated into DATA_DIR (refused in production). */
  chatEncryptionKey: string | null;
  /**
   * UNSAFE_LOCAL_STAND_INS: the local sign-in and checkout stand-ins answer every client, not only
   * this computer (loopback). Refused in production.
   */
  unsafeLocalStandIns: boolean;
}

/** Reads and validates the environment: the only place that looks at process.env. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const env = parsed.data;
  if (env.UNSAFE_LOCAL_STAND_INS && env.NODE_ENV === 'production') {
    throw new Error('Invalid environment:\n  UNSAFE_LOCAL_STAND_INS cannot be set in production (it lets anyone sign in as anyone)');
  }
  const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin;
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
          authorizationEndpoint: env.GOOGLE_AUTHORIZATION_URL ?? GOOGLE_DEFAULTS.authorizationEndpoint,
          tokenEndpoint: env.GOOGLE_TOKEN_URL ?? GOOGLE_DEFAULTS.tokenEndpoint,
          jwksUrl: env.GOOGLE_JWKS_URL ?? GOOGLE_DEFAULTS.jwksUrl,
          issuers: env.GOOGLE_ISSUER ? [env.GOOGLE_ISSUER] : GOOGLE_DEFAULTS.issuers,
        }
      : null;
  const defaultDist = resolve(repoRoot, 'apps/web/dist');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => new URL(o).origin),
    databaseUrl: env.DATABASE_URL || null,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    dataDir: resolve(repoRoot, env.DATA_DIR),
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : defaultDist,
    google,
    sessionDays: env.SESSION_DAYS,
    authRateLimitMax: env.AUTH_RATE_LIMIT_MAX,
    rateLimitScale: env.RATE_LIMIT_SCALE,
    addressLimitScale: env.ADDRESS_LIMIT_SCALE,
    memberPageTimeoutMs: env.MEMBER_PAGE_TIMEOUT_MS,
    shutdownDelayMs: env.SHUTDOWN_DELAY_MS,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    benchRoutes: env.BENCH_ROUTES,
    storage: storageConfig(env, resolve(repoRoot, env.DATA_DIR)),
    uploadQuotaBytes: env.UPLOAD_QUOTA_MB * 1024 * 1024,
    adminEmails: env.ADMIN_EMAILS.split(',').map((email) => email.trim().toLowerCase()).filter(Boolean),
    payments: paymentsConfig(env),
    notifyWebhook: { url: env.NOTIFY_WEBHOOK_URL ?? null, secret: env.NOTIFY_WEBHOOK_SECRET ?? null },
    vapid: vapidConfig(env, publicUrl),
    chatEncryptionKey: chatKey(env),
    mail: mailConfig(env, publicUrl, resolve(repoRoot, env.DATA_DIR)),
    unsafeLocalStandIns: env.UNSAFE_LOCAL_STAND_INS,
  };
}

/**
 * Uploads live under DATA_DIR/uploads by default; STORAGE_DRIVER=s3 puts them in S3-compatible
 * storage. S3_ENDPOINT is a host name (with S3_PORT and S3_USE_SSL) or a URL carrying all three.
 */
function storageConfig(env: Env, dataDir: string): StorageConfig {
  if (env.STORAGE_DRIVER === 'fs') return { driver: 'fs', root: resolve(dataDir, 'uploads') };
  const missing = (['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const).filter((name) => !env[name]);
  if (missing.length) throw new Error(`Invalid environment:\n  STORAGE_DRIVER=s3 needs ${missing.join(', ')}`);
  const endpoint = env.S3_ENDPOINT!.includes('://')
    ? endpointOf(env.S3_ENDPOINT!)
    : { endPoint: env.S3_ENDPOINT!, useSSL: env.S3_USE_SSL, ...(env.S3_PORT ? { port: env.S3_PORT } : {}) };
  return {
    driver: 's3',
    ...endpoint,
    ...(env.S3_PORT ? { port: env.S3_PORT } : {}),
    accessKey: env.S3_ACCESS_KEY!,
    secretKey: env.S3_SECRET_KEY!,
    region: env.S3_REGION,
    bucketPrefix: env.S3_BUCKET_PREFIX,
    publicUrl: env.S3_PUBLIC_URL ? new URL(env.S3_PUBLIC_URL).origin : null,
  };
}

/**
 * Polar takes the payments when POLAR_ACCESS_TOKEN is set, and then needs the product and the
 * webhook secret too; without a token the local stand-in does, outside production.
 */
function paymentsConfig(env: Env): PaymentsConfig {
  const webhookSecret = env.POLAR_WEBHOOK_SECRET || null;
  if (!env.POLAR_ACCESS_TOKEN) return { polar: null, webhookSecret };
  const missing = (['POLAR_PRODUCT_ID', 'POLAR_WEBHOOK_SECRET'] as const).filter((name) => !env[name]);
  if (missing.length) throw new Error(`Invalid environment:\n  POLAR_ACCESS_TOKEN needs ${missing.join(', ')}`);
  return { polar: { accessToken: env.POLAR_ACCESS_TOKEN, productId: env.POLAR_PRODUCT_ID!, server: env.POLAR_SERVER }, webhookSecret };
}

/** Both VAPID keys or neither; the subject defaults to the public address (https) or a first admin's e-mail. */
function vapidConfig(env: Env, publicUrl: string): AppConfig['vapid'] {
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new Error('Invalid environment:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (set both or neither)');
  }
  const admin = env.ADMIN_EMAILS.split(',')[0]?.trim();
  const subject = env.VAPID_SUBJECT ?? (publicUrl.startsWith('https://') ? publicUrl : admin ? `mailto:${admin}` : 'mailto:push@localhost');
  const keys = env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : null;
  return { keys, subject };
}

/** E-mail through SMTP_URL; without it the local mailbox outside production, and nothing in production. */
function mailConfig(env: Env, publicUrl: string, dataDir: string): MailConfig {
  const smtpUrl = env.SMTP_URL ?? null;
  if (smtpUrl && !env.MAIL_SECRET && env.NODE_ENV === 'production') {
    throw new Error('Invalid environment:\n  MAIL_SECRET is required in production with SMTP_URL (it signs unsubscribe links; see README)');
  }
  return {
    mode: smtpUrl ? 'smtp' : env.NODE_ENV === 'production' ? 'off' : 'mailbox',
    smtpUrl,
    from: env.MAIL_FROM ?? `Commonroom <no-reply@${new URL(publicUrl).hostname}>`,
    mailboxDir: resolve(dataDir, 'mailbox'),
    secret: env.MAIL_SECRET ?? null,
    batchSeconds: env.EMAIL_BATCH_SECONDS,
    sendRate: env.EMAIL_SEND_RATE,
  };
}

/** Chat messages cannot be read without this key: production must set it (and back it up). */
function chatKey(env: Env): string | null {
  if (env.CHAT_ENCRYPTION_KEY) return env.CHAT_ENCRYPTION_KEY;
  if (env.NODE_ENV === 'production') throw new Error('Invalid environment:\n  CHAT_ENCRYPTION_KEY is required in production (see README)');
  return null;
}

/** Where the embedded database keeps its files. */
export function pgliteDir(config: AppConfig): string {
  return resolve(config.dataDir, 'pglite');
}
