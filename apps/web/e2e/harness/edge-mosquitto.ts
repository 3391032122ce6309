/**
 * A Mosquitto of its own with the live channel's edge plugin (tools/mosquitto-edge), for a product started with
 * LIVE_EDGE=mosquitto: started by tools/infra (`infra.sh start mosquitto` with INFRA_MQTT_EDGE_SECRET, the way the bench's
 * `--fanout-edge mosquitto` starts it), so it runs deploy/mosquitto.conf with the plugin; its state goes to a temp folder
 * (INFRA_STATE_DIR) and it listens on free loopback ports, beside the shared services of `npm test`. tools/infra builds
 * the plugin (tools/mosquitto-edge/build.sh: gcc and Debian's mosquitto-dev headers); a build or start that fails throws
 * with infra.sh's own words (the test fails on it, it is never skipped).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../../../tools/bench/src/util.js';
import { REPO_ROOT } from './server.js';

const INFRA = path.join(REPO_ROOT, 'tools/infra/infra.sh');
/** The API's user on the broker (tools/infra's `auction-api`), with a password of this broker only. */
const API_USER = 'auction-api';

export interface EdgeMosquitto {
  /** Mosquitto's MQTT/TCP URL (the product's MQTT_URL) and WebSocket URL (the browsers', LIVE_EDGE_PUBLIC_URL). */
  readonly mqttUrl: string;
  readonly wsUrl: string;
  /** The product's environment for this edge: MQTT_*, LIVE_EDGE, LIVE_EDGE_PUBLIC_URL, LIVE_EDGE_AUTH_PORT and _SECRET. */
  readonly productEnv: Readonly<Record<string, string>>;
  /** The broker's log (connections, the plugin's refusals and disconnections). */
  log(): string;
  /** `infra.sh stop mosquitto`, then removes its state folder. */
  stop(): Promise<void>;
}

function infra(command: 'start' | 'stop', env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('bash', [INFRA, command, 'mosquitto'], { env, cwd: REPO_ROOT, timeout: 180_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`tools/infra/infra.sh ${command} mosquitto (with the live edge plugin) failed: ${error.message}\n${stderr}`));
      else resolve(`${stdout}${stderr}`);
    });
  });
}

/** Starts Mosquitto with the edge plugin; `recheckSeconds`: the plugin's periodic re-check of every client's token. */
export async function startEdgeMosquitto(options: { recheckSeconds?: number } = {}): Promise<EdgeMosquitto> {
  const state = mkdtempSync(path.join(tmpdir(), 'auction-web-e2e-edge-'));
  // Started as root, tools/infra runs the broker as the `mosquitto` user, which must reach its state folder.
  chmodSync(state, 0o755);
  const [tcp, ws, authPort] = [await freePort(), await freePort(), await freePort()];
  const secret = randomBytes(24).toString('hex');
  const password = randomBytes(12).toString('hex');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    INFRA_STATE_DIR: state, INFRA_MQTT_PORT: String(tcp), INFRA_MQTT_WS_PORT: String(ws), INFRA_MQTT_API_PASSWORD: password,
    INFRA_MQTT_EDGE_SECRET: secret, INFRA_MQTT_EDGE_API_PORT: String(authPort),
    INFRA_MQTT_EDGE_RECHECK_SECONDS: String(options.recheckSeconds ?? 60),
  };
  delete env.INFRA_MQTT_READER_PASSWORD;
  const logFile = path.join(state, 'mosquitto', 'mosquitto.log');
  const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '(no mosquitto.log)');
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await infra('stop', env).finally(() => rmSync(state, { recursive: true, force: true }));
  };
  try {
    await infra('start', env);
  } catch (error) {
    const seen = log();
    await stop().catch(() => undefined);
    throw new Error(`${(error as Error).message}\nmosquitto.log:\n${seen.slice(-4_000)}`);
  }
  const mqttUrl = `mqtt://127.0.0.1:${tcp}`;
  const wsUrl = `ws://127.0.0.1:${ws}`;
  return {
    mqttUrl, wsUrl, log, stop,
    productEnv: {
      MQTT_URL: mqttUrl, MQTT_USERNAME: API_USER, MQTT_PASSWORD: password,
      LIVE_EDGE: 'mosquitto', LIVE_EDGE_PUBLIC_URL: wsUrl, LIVE_EDGE_AUTH_PORT: String(authPort), LIVE_EDGE_AUTH_SECRET: secret,
    },
  };
}
