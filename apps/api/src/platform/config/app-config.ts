import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { StartupError } from './startup-error.js';
import { LiveConfigSchema } from '../live/live-config.js';
import { DEFAULT_PGLITE_SHARED_BUFFERS, pgliteSharedBuffersProblem } from '@auction/event-store';
import { DEFAULT_DEMO_PASSWORD, SECURITY_ENV, securityConfig, type SecurityConfig } from './security-config.js';
import { DEFAULT_PASSWORD_HASH_COST, MAX_PASSWORD_HASH_COST, MIN_PASSWORD_HASH_COST } from '../../identity/password.js';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** The largest `MALLOC_MMAP_THRESHOLD_` glibc takes on 64-bit Linux (32 MiB): it ignores a larger value without a word. */
export const MALLOC_MMAP_THRESHOLD_MAX = 32 * 1024 * 1024;

/** Environment variables of the API, with their defaults. Documented in the README. */
export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('.data'),
  PGLITE_TEMPLATE_DIR: z.string().min(1).optional(),
  // A size PGlite can start with (PostgreSQL's minimum to what its memory holds): outside it PGlite only says it failed.
  PGLITE_SHARED_BUFFERS: z.string().superRefine((v, ctx) => {
    const problem = pgliteSharedBuffersProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }).default(DEFAULT_PGLITE_SHARED_BUFFERS),
  // Read by glibc when the process starts, not by the API (`npm start` sets it, README): checked here because glibc
  // ignores a value it cannot use without a word, and the memory it was set for would silently be held again.
  MALLOC_MMAP_THRESHOLD_: z.string()
    // glibc reads a leading 0 as octal and 0x as hexadecimal: only plain decimal means what it says.
    .regex(/^(?:0|[1-9][0-9]*)$/, 'a whole number of bytes in decimal, no leading zero, e.g. 131072')
    // Only a number is compared: '128k' is not a number, not a value too large.
    .refine((v) => !/^[0-9]+$/.test(v) || Number(v) <= MALLOC_MMAP_THRESHOLD_MAX, `at most ${MALLOC_MMAP_THRESHOLD_MAX} (32 MiB): glibc ignores a larger value`)
    .optional(),
  DATABASE_URL: z.string().optional(),
  EVENTSTORE_URL: z.string().optional(),
  DEMO_DATA: bool.optional(),
  DEMO_DEALERS: z.coerce.number().int().min(0).max(10000).default(20),
  DEMO_PHOTOS: bool.default(true),
  DEMO_BANNERS: bool.optional(),
  DEMO_PASSWORD: z.string().min(8).default(DEFAULT_DEMO_PASSWORD),
  PASSWORD_HASH_COST: z.coerce.number().int().min(MIN_PASSWORD_HASH_COST).max(MAX_PASSWORD_HASH_COST).default(DEFAULT_PASSWORD_HASH_COST),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 48)')
    .refine((v) => !/change-?me|secret|password|example/i.test(v) && new Set(v).size >= 10, 'looks like a placeholder or is too repetitive: use a random value')
    .optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  LIVE_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  BOOKING_HOLD_SECONDS: z.coerce.number().int().positive().default(1800),
  PREEMPTION_HOLD_SECONDS: z.coerce.number().int().positive().default(300),
  MIN_AUCTION_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  MY_LOT_MAX_VEHICLES: z.coerce.number().int().min(1).max(2000).default(20),
  SHOWCASE_HOLDS_MAX: z.coerce.number().int().min(1).max(2000).default(10),
  IDEMPOTENCY_TTL_HOURS: z.coerce.number().min(24).max(24 * 30).default(24),
  PERSONAL_CHANGE_GRACE_MS: z.coerce.number().int().min(0).max(3_600_000).default(300_000),
  NODE_ENV: z.string().optional(),
  // Test-only crash hook (platform/engine/crash-point.ts): refused below unless NODE_ENV=test.
  TEST_CRASH_AT: z.string().optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  WEB_DIST: z.string().optional(),
  KAFKA_BROKERS: z.string().optional(),
  KAFKA_TOPIC: z.string().default('auction-events'),
  KAFKA_GROUP_PREFIX: z.string().default(''),
  KAFKA_CLIENT: z.enum(['kafkajs', 'platformatic']).default('platformatic'),
  KAFKA_SESSION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(6000),
  MQTT_URL: z.string().optional(),
  MQTT_USERNAME: z.string().optional(),
  MQTT_PASSWORD: z.string().optional(),
  MQTT_TCP_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
  PROJECTIONS: bool.default(true),
  INSTANCE_ID: z.string().optional(),
  WRITER_LEASES: bool.optional(),
  WRITER_SHARDS: z.coerce.number().int().min(1).max(1024).default(32),
  WRITER_LEASE_MS: z.coerce.number().int().min(500).max(60_000).default(3000),
  INSTANCE_URL: z.url({ protocol: /^https?$/ }).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_ISSUER_URL: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('auction-web'),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_USERNAME_CLAIM: z.string().min(1).default('preferred_username'),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(1).optional(),
  FCM_SERVICE_ACCOUNT: z.string().min(1).optional(),
  FCM_PROJECT_ID: z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be a Firebase project id').optional(),
  FCM_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://fcm.googleapis.com'),
  PAYMENT_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 48)').optional(),
  PAYMENT_LINK_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  PORTAL_CONTACT_MAIL: z.email().default('customer.centre@dealer-auctions.example'),
  PORTAL_CONTACT_PHONE: z.string().regex(/^\+?[0-9 ]{6,20}$/, 'must be a phone number (digits, spaces, a leading +)').default('+39 011 000 0000'),
  LEASING_URL: z.url({ protocol: /^https$/ }).default('https://www.leasys.com'),
  APP_STORE_URL: z.url({ protocol: /^https$/ }).default('https://apps.apple.com/search?term=Dealer%20Auctions'),
  GOOGLE_PLAY_URL: z.url({ protocol: /^https$/ }).default('https://play.google.com/store/search?q=Dealer%20Auctions&c=apps'),
  PASSWORD_RECOVERY_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(60),
  INVITATION_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  PASSWORD_SETUP_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  ...SECURITY_ENV,
});

/** The API's configuration. */
export interface AppConfig extends SecurityConfig {
  readonly port: number;
  readonly host: string;
  readonly mode: 'embedded' | 'postgres' | 'eventstoredb';
  readonly dataDir: string;
  /**
   * Embedded mode: the folder that keeps a fresh PGlite cluster to start new data folders from (instead of initdb);
   * undefined = node_modules/.cache/auction-pglite, null = off (PGLITE_TEMPLATE_DIR=off).
   */
  readonly pgliteTemplateDir?: string | null;
  /** Embedded mode: PostgreSQL's `shared_buffers` in each PGlite database (PGLITE_SHARED_BUFFERS). */
  readonly pgliteSharedBuffers?: string;
  readonly databaseUrl?: string;
  readonly eventStoreUrl?: string;
  readonly demoData: boolean;
  readonly demoDealers: number;
  /** Whether the demo vehicles get drawn photos and an appraisal PDF (off in the API's e2e servers, for speed). */
  readonly demoPhotos: boolean;
  /** Whether the demo's home banners are drawn and stored, in the background after the start (default: as demoPhotos). */
  readonly demoBanners: boolean;
  readonly demoPassword: string;
  /** log2 of scrypt's N for new password hashes (default 17: N = 2^17, r = 8, p = 1). */
  readonly passwordHashCost: number;
  readonly sessionSecret?: string;
  readonly sessionTtlMs: number;
  /** Lifetime of a live-channel token (the browser renews it before it expires). */
  readonly liveTokenTtlMs: number;
  readonly bookingHoldSeconds: number;
  readonly preemptionHoldSeconds: number;
  /** Shortest auction, from its start to its end (MIN_AUCTION_SECONDS). */
  readonly minAuctionMs: number;
  /** Most vehicles one dealer's my lot holds (bought ones not counted). */
  readonly myLotMaxVehicles: number;
  /** Most showcase vehicles one dealer holds at once (bookings and pre-emptions). */
  readonly showcaseHoldsMax: number;
  /** How long an Idempotency-Key is remembered per user (at least 24 hours). */
  readonly idempotencyTtlMs: number;
  /** How old a personal-data change staged before its event must be before a crash sweep resolves it (its request is over). */
  readonly personalChangeGraceMs: number;
  readonly logLevel: 'debug' | 'info' | 'warn' | 'error';
  readonly logFormat: 'json' | 'pretty';
  /** Kafka brokers (server mode fan-out); unset: the in-process transport. */
  readonly kafkaBrokers?: string[];
  readonly kafkaTopic: string;
  /** Prefix of this deployment's consumer group names (several deployments on one cluster). */
  readonly kafkaGroupPrefix: string;
  /** How long Kafka waits for a silent consumer before giving its partitions to another instance (KAFKA_SESSION_TIMEOUT_MS). */
  readonly kafkaSessionTimeoutMs: number;
  /** Kafka client library of the fan-out (KAFKA_CLIENT): platformatic (@platformatic/kafka, default) or kafkajs. */
  readonly kafkaClient: 'kafkajs' | 'platformatic';
  /** Mosquitto (server mode live channel); unset: the embedded broker only. */
  readonly mqtt?: { url: string; username?: string; password?: string };
  /** Port of the embedded broker's MQTT/TCP listener (0: none). */
  readonly mqttTcpPort: number;
  /** Run the projection and live-publisher consumers in this process. */
  readonly projections: boolean;
  readonly instanceId: string;
  /**
   * Which instance writes which auction (platform/cluster): `leases` says whether instances take database leases on
   * shards of the auctions (WRITER_LEASES; default: on in server mode, off embedded), `shards` how many (WRITER_SHARDS),
   * `leaseMs` how long a lease lasts unrenewed (WRITER_LEASE_MS: the take-over time after an instance dies), `url`
   * where the other instances reach this one (INSTANCE_URL; default http://127.0.0.1:<port>).
   */
  readonly writer: { readonly leases: boolean; readonly shards: number; readonly leaseMs: number; readonly url?: string; readonly explicitId: boolean };
  /** Folder of the built web client served at `/` (default: `apps/web/dist` of this checkout, when built). */
  readonly webDist: string;
  /** The origin users reach the product at (PUBLIC_URL); unset: `http://localhost:<port>`. */
  readonly publicUrl?: string;
  /** Single sign-on: an external OpenID Connect issuer, or (no issuer URL) the embedded one under `/oidc`. */
  readonly oidc: OidcConfig;
  /** Outgoing mail: `SMTP_URL` (smtp:// or smtps://, with credentials) and `MAIL_FROM`; no URL: the in-process catcher. */
  readonly mail: { readonly smtpUrl?: string; readonly from?: string };
  /**
   * Push notifications: `FCM_SERVICE_ACCOUNT` (a service account key file's path, or its JSON), `FCM_PROJECT_ID` (default
   * the key's project), `FCM_BASE_URL`; no service account: the local FCM-protocol test double (FCM cannot be reached here).
   */
  readonly fcm: { readonly serviceAccount?: string; readonly projectId?: string; readonly baseUrl: string };
  /** The public portal's contacts and outbound links (PORTAL_CONTACT_MAIL, PORTAL_CONTACT_PHONE, LEASING_URL, APP_STORE_URL, GOOGLE_PLAY_URL). */
  readonly portal: { readonly contactMail: string; readonly contactPhone: string; readonly leasingUrl: string; readonly appStoreUrl: string; readonly googlePlayUrl: string };
  /**
   * Pay by link: the secret a payment provider signs its notifications with (`PAYMENT_WEBHOOK_SECRET`; unset: a random
   * one per process, which only the embedded demo payment provider knows) and how long a payment link lives.
   */
  readonly payments: { readonly webhookSecret?: string; readonly linkTtlMs: number };
  /** Lifetimes of the single-use links mailed to users (recovery, invitation, first password), ms. */
  readonly accessTagTtlMs: { readonly recovery: number; readonly invitation: number; readonly setup: number };
}

/** The OpenID Connect relying party's settings (OIDC_*). */
export interface OidcConfig {
  /** The issuer's URL (its discovery document is at `<url>/.well-known/openid-configuration`); unset: embedded. */
  readonly issuerUrl?: string;
  readonly clientId: string;
  /** Required with an external issuer; the embedded issuer derives its client's secret from the session secret. */
  readonly clientSecret?: string;
  /** The ID-token claim holding the portal username a login is matched by. */
  readonly usernameClaim: string;
}

/** Reads the configuration from the environment; throws with every bad variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new StartupError(`bad configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.OIDC_ISSUER_URL && !e.OIDC_CLIENT_SECRET) throw new StartupError('bad configuration:\n  OIDC_CLIENT_SECRET: required with OIDC_ISSUER_URL');
  // A variable that SIGKILLs the process at a named point must never reach a real deployment by mistake.
  if (e.TEST_CRASH_AT && e.NODE_ENV !== 'test') throw new StartupError('bad configuration:\n  TEST_CRASH_AT: a test hook, accepted only with NODE_ENV=test');
  // The live channel's own variables (LIVE_EDGE and its companions), checked at start like the others.
  const live = LiveConfigSchema.safeParse(env);
  if (!live.success) throw new StartupError(`bad configuration:\n${live.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  const mode = e.EVENTSTORE_URL ? 'eventstoredb' : e.DATABASE_URL ? 'postgres' : 'embedded';
  return {
    port: e.PORT, host: e.HOST, mode, dataDir: e.DATA_DIR, pgliteTemplateDir: e.PGLITE_TEMPLATE_DIR === 'off' ? null : e.PGLITE_TEMPLATE_DIR,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS, databaseUrl: e.DATABASE_URL, eventStoreUrl: e.EVENTSTORE_URL,
    demoData: e.DEMO_DATA ?? mode === 'embedded', demoDealers: e.DEMO_DEALERS, demoPhotos: e.DEMO_PHOTOS, demoBanners: e.DEMO_BANNERS ?? e.DEMO_PHOTOS,
    demoPassword: e.DEMO_PASSWORD,
    passwordHashCost: e.PASSWORD_HASH_COST,
    sessionSecret: e.SESSION_SECRET, sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000, liveTokenTtlMs: e.LIVE_TOKEN_TTL_SECONDS * 1000,
    bookingHoldSeconds: e.BOOKING_HOLD_SECONDS,
    preemptionHoldSeconds: e.PREEMPTION_HOLD_SECONDS, logLevel: e.LOG_LEVEL,
    minAuctionMs: e.MIN_AUCTION_SECONDS * 1000,
    myLotMaxVehicles: e.MY_LOT_MAX_VEHICLES, showcaseHoldsMax: e.SHOWCASE_HOLDS_MAX, idempotencyTtlMs: e.IDEMPOTENCY_TTL_HOURS * 3_600_000,
    personalChangeGraceMs: e.PERSONAL_CHANGE_GRACE_MS,
    logFormat: e.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    kafkaBrokers: e.KAFKA_BROKERS ? e.KAFKA_BROKERS.split(',').map((b) => b.trim()).filter(Boolean) : undefined,
    kafkaTopic: e.KAFKA_TOPIC, kafkaGroupPrefix: e.KAFKA_GROUP_PREFIX, kafkaSessionTimeoutMs: e.KAFKA_SESSION_TIMEOUT_MS,
    kafkaClient: e.KAFKA_CLIENT,
    mqtt: e.MQTT_URL ? { url: e.MQTT_URL, username: e.MQTT_USERNAME, password: e.MQTT_PASSWORD } : undefined,
    mqttTcpPort: e.MQTT_TCP_PORT, projections: e.PROJECTIONS, instanceId: e.INSTANCE_ID ?? `api-${process.pid}`,
    writer: { leases: e.WRITER_LEASES ?? mode !== 'embedded', shards: e.WRITER_SHARDS, leaseMs: e.WRITER_LEASE_MS, url: e.INSTANCE_URL?.replace(/\/+$/, ''), explicitId: e.INSTANCE_ID !== undefined },
    ...securityConfig(e),
    webDist: e.WEB_DIST ?? fileURLToPath(new URL('../../../../web/dist', import.meta.url)),
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : undefined,
    oidc: { issuerUrl: e.OIDC_ISSUER_URL?.replace(/\/+$/, ''), clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, usernameClaim: e.OIDC_USERNAME_CLAIM },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    fcm: { serviceAccount: e.FCM_SERVICE_ACCOUNT, projectId: e.FCM_PROJECT_ID, baseUrl: e.FCM_BASE_URL.replace(/\/+$/, '') },
    portal: { contactMail: e.PORTAL_CONTACT_MAIL, contactPhone: e.PORTAL_CONTACT_PHONE, leasingUrl: e.LEASING_URL.replace(/\/+$/, ''), appStoreUrl: e.APP_STORE_URL, googlePlayUrl: e.GOOGLE_PLAY_URL },
    payments: { webhookSecret: e.PAYMENT_WEBHOOK_SECRET, linkTtlMs: e.PAYMENT_LINK_MINUTES * 60_000 },
    accessTagTtlMs: { recovery: e.PASSWORD_RECOVERY_MINUTES * 60_000, invitation: e.INVITATION_DAYS * 86_400_000, setup: e.PASSWORD_SETUP_DAYS * 86_400_000 },
  };
}
