import { z } from 'zod';

/** Environment variables of the live channel, with their defaults. */
export const LiveConfigSchema = z.object({
  /** Server mode: Mosquitto's URL (`mqtt://host:1883`). Unset: the embedded broker is the only one. */
  MQTT_URL: z.string().refine(isUrl, { message: 'must be a URL such as mqtt://127.0.0.1:1883' }).optional(),
  MQTT_USERNAME: z.string().optional(),
  MQTT_PASSWORD: z.string().optional(),
  /** Plain MQTT listener of the embedded broker on 127.0.0.1; 0 disables it. */
  MQTT_TCP_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
});

/** The live channel's configuration. */
export interface LiveConfig {
  readonly mode: 'embedded' | 'server';
  readonly mqttUrl?: string;
  readonly mqttUsername?: string;
  readonly mqttPassword?: string;
  readonly tcpPort: number;
  /** Path of MQTT over WebSocket on the API's port. */
  readonly wsPath: '/mqtt';
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
    tcpPort: e.MQTT_TCP_PORT, wsPath: '/mqtt',
  };
}

function isUrl(value: string): boolean {
  try {
    return Boolean(new URL(value).host);
  } catch {
    return false;
  }
}
