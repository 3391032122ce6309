import { z } from 'zod';

/** The documented default of DEMO_PASSWORD: the only demo password the start log may print. */
export const DEFAULT_DEMO_PASSWORD = 'Demo#2026!';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
/** Unset and empty (as `docker compose` passes `${VAR:-}`) mean the same: not configured. */
const optionalText = z.string().optional().transform((v) => (v?.trim() ? v.trim() : undefined));

/**
 * `TRUST_PROXY` as Fastify's `trustProxy`: `true` trusts every hop, a number that many hops (`1`: the one proxy in front), anything else is
 * a comma-separated list of proxy addresses or CIDR ranges. Unset, `false`, `0`: the socket's peer is the client. A hop count
 * is a function of the hop's index: Fastify (5.12.8 on) trusts no hop for a plain number.
 */
export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

function trustProxy(value: string | undefined): TrustProxy {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  // `1` is one hop (as in Express), not "every hop": a lone proxy appends the real address to what the client sent,
  // and trusting every hop would take the client's own leftmost X-Forwarded-For entry as its address.
  if (v === 'true') return true;
  // Not a plain number: Fastify now takes one as "trust no hop" (a direct client could send as many entries as it
  // likes); here the deployment vouches that the API is reached only through that many proxies.
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address: string, hop: number) => hop < hops;
  }
  return v;
}

function origins(value: string | undefined): string[] {
  return (value ?? '').split(',').map((o) => o.trim()).filter(Boolean);
}

/** The security-related environment variables of the API (part of `ConfigSchema`). */
export const SECURITY_ENV = {
  TRUST_PROXY: z.string().optional(),
  COOKIE_SECURE: bool.default(false),
  ALLOWED_ORIGINS: z.string().optional(),
  METRICS_TOKEN: optionalText,
  LOGIN_MAX_FAILURES: count(5),
  LOGIN_LOCK_SECONDS: count(30),
  LOGIN_LOCK_MAX_SECONDS: count(900),
  LOGIN_ADDRESS_MAX_FAILURES: count(30),
  LOGIN_ADDRESS_WINDOW_SECONDS: count(900),
  LOGIN_ADDRESS_MAX_ATTEMPTS: count(300),
  SSO_ADDRESS_MAX_REQUESTS: count(300),
};

type SecurityEnv = z.output<z.ZodObject<typeof SECURITY_ENV>>;

/** How logins are throttled (see `http/login-protection.ts`). */
export interface LoginLimits {
  /** Failed logins of one account before it is locked. */
  readonly maxFailures: number;
  /** First lock of an account; each further failure doubles it, up to `maxLockMs`. */
  readonly lockMs: number;
  readonly maxLockMs: number;
  /** Failed logins from one client address per `addressWindowMs`; beyond, that address's logins answer 429. */
  readonly addressMaxFailures: number;
  readonly addressWindowMs: number;
  /** Login calls (failed or not) from one client address per minute. */
  readonly addressMaxAttempts: number;
  /** Sign-in starts and sign-in pages of the embedded issuer (`/oidc/auth`, `/oidc/interaction`) per client address and minute. */
  readonly ssoAddressMaxRequests: number;
}

/** The security part of the API's configuration. */
export interface SecurityConfig {
  /** Fastify's `trustProxy`: whether `X-Forwarded-For`/`-Proto`/`-Host` are believed. */
  readonly trustProxy: TrustProxy;
  /** Always mark cookies `Secure` (otherwise only when the request came over HTTPS). */
  readonly cookieSecure: boolean;
  /** Origins besides the request's own host whose browsers may call state-changing routes. */
  readonly allowedOrigins: string[];
  /** Bearer token required by `/metrics`; unset: `/metrics` answers loopback clients only. */
  readonly metricsToken?: string;
  readonly login: LoginLimits;
}

/** The security settings from the parsed environment. */
export function securityConfig(e: SecurityEnv): SecurityConfig {
  return {
    trustProxy: trustProxy(e.TRUST_PROXY), cookieSecure: e.COOKIE_SECURE, allowedOrigins: origins(e.ALLOWED_ORIGINS),
    metricsToken: e.METRICS_TOKEN,
    login: {
      maxFailures: e.LOGIN_MAX_FAILURES, lockMs: e.LOGIN_LOCK_SECONDS * 1000,
      maxLockMs: Math.max(e.LOGIN_LOCK_MAX_SECONDS, e.LOGIN_LOCK_SECONDS) * 1000,
      addressMaxFailures: e.LOGIN_ADDRESS_MAX_FAILURES, addressWindowMs: e.LOGIN_ADDRESS_WINDOW_SECONDS * 1000,
      addressMaxAttempts: e.LOGIN_ADDRESS_MAX_ATTEMPTS, ssoAddressMaxRequests: e.SSO_ADDRESS_MAX_REQUESTS,
    },
  };
}
