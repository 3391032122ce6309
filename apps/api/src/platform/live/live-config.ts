import { z } from 'zod';

/** Environment variables of the live channel, with their defaults. */
export const LiveConfigSchema = z.object({
  /** Server mode: Mosquitto's URL (`mqtt://host:1883`). Unset: the embedded broker is the only one. */
  MQTT_URL: z.string().refine(isUrl, { message: 'must be a URL such as mqtt://127.0.0.1:1883' }).optional(),
  MQTT_USERNAME: z.string().optional(),
  MQTT_PASSWORD: z.string().optional(),
  /** Plain MQTT listener of the embedded broker on 127.0.0.1; 0 disables it. */
  MQTT_TCP_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
  /**
   * Where browsers subscribe in server mode: `api` (the API's own /mqtt, bridged from Mosquitto) or `mosquitto`
   * (Mosquitto's WebSocket listener, its auth plugin asking this API's edge check).
   */
  LIVE_EDGE: z.enum(['api', 'mosquitto']).default('api'),
  /**
   * With LIVE_EDGE=mosquitto: the WebSocket URL browsers reach Mosquitto at (`wss://live.example.com/mqtt`). Plain
   * `ws://` only on a loopback host (a browser on this machine): elsewhere the live token would cross the network in clear.
   */
  LIVE_EDGE_PUBLIC_URL: z.string()
    .refine((v) => /^wss?:$/.test(protocolOf(v)), { message: 'must be a ws:// or wss:// URL' })
    .refine((v) => protocolOf(v) !== 'ws:' || isLoopbackHost(v), {
      message: 'ws:// sends the live tokens in clear: use wss:// (ws:// is allowed for a loopback host only: 127.0.0.1, localhost, [::1])',
    })
    .optional(),
  /** With LIVE_EDGE=mosquitto: the edge check's listener, for Mosquitto's plugin only (never expose it). */
  LIVE_EDGE_AUTH_HOST: z.string().default('127.0.0.1'),
  LIVE_EDGE_AUTH_PORT: z.coerce.number().int().min(0).max(65535).default(8091),
  /** With LIVE_EDGE=mosquitto: the secret the plugin sends (its plugin_opt_secret). */
  LIVE_EDGE_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * How long (ms) the final state of a lot (closed, awarded, withdrawn) or an auction (closed, awarded, deleted) stays
   * retained before it is cleared from the brokers; pages opened later read it over HTTP. `off` keeps it for ever.
   */
  // Empty (`LIVE_CLEAR_FINAL_AFTER_MS=` in a compose file) is unset, not 0 (Number('') is 0: every final state cleared at once).
  LIVE_CLEAR_FINAL_AFTER_MS: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().toLowerCase() === 'off' ? 'off' : v) : v),
    z.union([z.literal('off'), z.coerce.number().int().min(0).max(7 * 24 * 3_600_000)]).default(60_000),
  ),
}).superRefine((e, ctx) => {
  if (e.LIVE_EDGE !== 'mosquitto') return;
  if (!e.MQTT_URL) ctx.addIssue({ code: 'custom', path: ['LIVE_EDGE'], message: 'mosquitto needs MQTT_URL (server mode)' });
  if (!e.LIVE_EDGE_PUBLIC_URL) ctx.addIssue({ code: 'custom', path: ['LIVE_EDGE_PUBLIC_URL'], message: 'required with LIVE_EDGE=mosquitto' });
  if (!e.LIVE_EDGE_AUTH_SECRET) ctx.addIssue({ code: 'custom', path: ['LIVE_EDGE_AUTH_SECRET'], message: 'required with LIVE_EDGE=mosquitto' });
});

/** Where browsers subscribe, with LIVE_EDGE=mosquitto. */
export interface LiveEdgeConfig {
  readonly publicUrl: string;
  readonly authHost: string;
  readonly authPort: number;
  readonly authSecret: string;
}

/** Nest token of the {@link LiveConfig} read from the environment at start. */
export const LIVE_CONFIG = Symbol('LIVE_CONFIG');

/** The live channel's configuration. */
export interface LiveConfig {
  readonly mode: 'embedded' | 'server';
  readonly mqttUrl?: string;
  readonly mqttUsername?: string;
  readonly mqttPassword?: string;
  readonly tcpPort: number;
  /** Path of MQTT over WebSocket on the API's port. */
  readonly wsPath: '/mqtt';
  /** Set with LIVE_EDGE=mosquitto: browsers subscribe on Mosquitto, whose plugin asks this API. */
  readonly edge?: LiveEdgeConfig;
  /** LIVE_CLEAR_FINAL_AFTER_MS; null: retained final states are never cleared. */
  readonly clearFinalAfterMs: number | null;
}

/** Reads the live channel's configuration; throws with every bad variable named. */
export function loadLiveConfig(env: NodeJS.ProcessEnv = process.env): LiveConfig {
  const parsed = LiveConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`bad live channel configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    mode: e.MQTT_URL ? 'server' : 'embedded', mqttUrl: e.MQTT_URL, mqttUsername: e.MQTT_USERNAME, mqttPassword: e.MQTT_PASSWORD,
    tcpPort: e.MQTT_TCP_PORT, wsPath: '/mqtt', clearFinalAfterMs: e.LIVE_CLEAR_FINAL_AFTER_MS === 'off' ? null : e.LIVE_CLEAR_FINAL_AFTER_MS,
    edge: e.LIVE_EDGE === 'mosquitto'
      ? { publicUrl: e.LIVE_EDGE_PUBLIC_URL!, authHost: e.LIVE_EDGE_AUTH_HOST, authPort: e.LIVE_EDGE_AUTH_PORT, authSecret: e.LIVE_EDGE_AUTH_SECRET! }
      : undefined,
  };
}

/**
 * The origins the pages' live channel connects to besides the API's own: Mosquitto's WebSocket listener with
 * LIVE_EDGE=mosquitto (added to the pages' `connect-src`, which would refuse it), none otherwise.
 */
export function liveEdgeOrigins(config: LiveConfig): string[] {
  return config.edge ? [new URL(config.edge.publicUrl).origin] : [];
}

function isUrl(value: string): boolean {
  try {
    return Boolean(new URL(value).host);
  } catch {
    return false;
  }
}

function protocolOf(value: string): string {
  try {
    return new URL(value).protocol;
  } catch {
    return '';
  }
}

/** 127.0.0.0/8, localhost (and its subdomains, RFC 6761) or [::1]. */
function isLoopbackHost(value: string): boolean {
  try {
    const host = new URL(value).hostname.toLowerCase();
    return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}
