import { z } from 'zod';
import { MARKETS, ROLES } from '@auction/domain';
import { Instant } from './common.js';

/** Body of `POST /api/v1/open/login` and `POST /api/v1/mobile/token`. */
export const LoginRequest = z.object({
  username: z.string().trim().min(1).max(50),
  password: z.string().min(1).max(128),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/**
 * Query of `GET /api/v1/open/sso/login`: where the web client goes after the sign-in (a path of the portal: never
 * another origin, `//host` or `/\\host`), and the language of the issuer's page.
 */
export const SsoLoginQuery = z.object({
  // Printable ASCII only (a Location header takes nothing else; other characters come percent-encoded), 1 KB.
  redirect: z.string().max(1024).regex(/^\/(?![/\\])[\x21-\x7e]*$/, 'a path of the portal, starting with one /').optional(),
  lang: z.enum(['en', 'be', 'it', 'de', 'es', 'nl', 'fr', 'pl', 'pt', 'lu']).optional(),
});
export type SsoLoginQuery = z.infer<typeof SsoLoginQuery>;

/** The logged user's profile. */
export const UserProfile = z.object({
  idUser: z.string(),
  idDealer: z.string().nullable(),
  idMarket: z.enum(MARKETS),
  preferredLanguage: z.string(),
  roles: z.array(z.enum(ROLES)),
  username: z.string(),
  consent1: z.boolean(),
  consent2: z.boolean(),
  consent3: z.boolean(),
  flgEnabled: z.boolean(),
  /** The spec's read-only-user flag of the session: a back-office user who sees and cannot change. */
  readOnly: z.boolean().default(false),
  /** ADMIN / CUSTOMER_CENTER: markets whose dealers and users they manage (OTHER is left out of the dealer search). */
  adminEnabledMarket: z.array(z.enum(MARKETS)).default([]),
});
export type UserProfile = z.infer<typeof UserProfile>;

/** Answer of `POST /api/v1/mobile/token`. */
export const TokenResponse = z.object({ token: z.string() });

/** Answer of `GET /api/v1/secure/time`. */
export const ServerTime = z.object({ serverTime: z.string(), epochMs: z.number() });

/**
 * Answer of `GET /api/v1/secure/live-credentials`: what a browser presents to the MQTT broker at `path` (or as
 * socket.io's `auth.token`). `password` is a live token: subscribe-only, refused by every other API call, bound to
 * the caller's session (a logout ends it) and short-lived: the client asks for a new one before `expiresAt` and
 * reconnects with it (`expiresIn`, seconds from the answer, is immune to a skewed client clock).
 */
export const LiveCredentials = z.object({
  username: z.string(),
  password: z.string(),
  path: z.string(),
  /** Where to subscribe instead of `path` on the API's origin (server mode with LIVE_EDGE=mosquitto): ws:// or wss://. */
  url: z.string().optional(),
  expiresAt: Instant,
  expiresIn: z.number().int().nonnegative(),
});
export type LiveCredentials = z.infer<typeof LiveCredentials>;

/**
 * MQTT topic of the server's clock tick: every API instance publishes `{epochMs}` (QoS 0, not retained) to its own
 * broker's clients once per {@link LIVE_CLOCK_PERIOD_MS}. Any logged-in client may subscribe; a page that stops
 * getting it (nor any other message) for a few seconds knows the server is frozen even though its socket stays open.
 */
export const LIVE_CLOCK_TOPIC = 'server/clock';
/** Period of the clock tick, ms. */
export const LIVE_CLOCK_PERIOD_MS = 1_000;
/** Payload of {@link LIVE_CLOCK_TOPIC}: the server's time when it sent the tick. */
export const LiveClockTick = z.object({ epochMs: z.number() });
export type LiveClockTick = z.infer<typeof LiveClockTick>;
