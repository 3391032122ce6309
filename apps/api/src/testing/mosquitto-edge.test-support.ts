import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, sleep } from './server.test-support.js';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MOSQUITTO = '/usr/sbin/mosquitto';
const MOSQUITTO_PASSWD = '/usr/bin/mosquitto_passwd';

/** The API's service user of the test broker (as in tools/infra). */
export const EDGE_SERVICE_USER = { username: 'auction-api', password: 'edge-test-service-password' };

/**
 * Builds the edge plugin (tools/mosquitto-edge/build.sh) and returns its path. A build that fails throws with the
 * build's own output: a test that needs the plugin fails on it, it is never skipped.
 */
export function buildEdgePlugin(): string {
  try {
    const out = execFileSync('bash', [path.join(REPO_ROOT, 'tools/mosquitto-edge/build.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return out.trim().split('\n').at(-1)!;
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    throw new Error(`tools/mosquitto-edge/build.sh failed: ${e.stderr ?? e.message}`);
  }
}

/** Options of {@link startEdgeMosquitto}. */
export interface EdgeMosquittoOptions {
  readonly plugin: string;
  /** The API's edge check port (LIVE_EDGE_AUTH_PORT) and secret. */
  readonly apiPort: number;
  readonly secret: string;
  readonly recheckSeconds: number;
  readonly maxFilters: number;
  /** plugin_opt_api_timeout_ms (default: the plugin's, 1000). */
  readonly apiTimeoutMs?: number;
}

/** A private Mosquitto with the edge plugin, on free loopback ports. */
export interface EdgeMosquitto {
  readonly mqttUrl: string;
  readonly wsUrl: string;
  log(): string;
  stop(): Promise<void>;
}

/** Starts Debian's Mosquitto with deploy/mosquitto.acl, a password file of the service user, and the plugin. */
export async function startEdgeMosquitto(options: EdgeMosquittoOptions): Promise<EdgeMosquitto> {
  const dir = mkdtempSync(path.join(tmpdir(), 'auction-edge-mosquitto-'));
  const [tcp, ws] = [await freePort(), await freePort()];
  execFileSync(MOSQUITTO_PASSWD, ['-b', '-c', path.join(dir, 'passwd'), EDGE_SERVICE_USER.username, EDGE_SERVICE_USER.password]);
  copyFileSync(path.join(REPO_ROOT, 'deploy/mosquitto.acl'), path.join(dir, 'mosquitto.acl'));
  writeFileSync(path.join(dir, 'mosquitto.conf'), [
    'per_listener_settings false',
    // Started as root, mosquitto would switch to the user `mosquitto`, which cannot read this private folder.
    ...(process.getuid?.() === 0 ? ['user root'] : []),
    `listener ${tcp} 127.0.0.1`,
    `listener ${ws} 127.0.0.1`,
    'socket_domain ipv4',
    'protocol websockets',
    'allow_anonymous false',
    `password_file ${dir}/passwd`,
    `acl_file ${dir}/mosquitto.acl`,
    'persistence false',
    'max_packet_size 262144',
    `log_dest file ${dir}/mosquitto.log`,
    'log_type all',
    `plugin ${options.plugin}`,
    'plugin_opt_api_host 127.0.0.1',
    `plugin_opt_api_port ${options.apiPort}`,
    `plugin_opt_secret ${options.secret}`,
    `plugin_opt_service_users ${EDGE_SERVICE_USER.username}`,
    `plugin_opt_recheck_seconds ${options.recheckSeconds}`,
    `plugin_opt_max_filters ${options.maxFilters}`,
    ...(options.apiTimeoutMs ? [`plugin_opt_api_timeout_ms ${options.apiTimeoutMs}`] : []),
    '',
  ].join('\n'));
  // glibc fills freed memory with this byte: a plugin that reads a record after freeing it crashes at once instead of
  // by the luck of the heap's layout.
  const child: ChildProcess = spawn(MOSQUITTO, ['-c', path.join(dir, 'mosquitto.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, MALLOC_PERTURB_: '165' },
  });
  let output = '';
  const keep = (chunk: Buffer) => { output = (output + chunk.toString()).slice(-20_000); };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const log = () => `${output}${existsSync(path.join(dir, 'mosquitto.log')) ? readFileSync(path.join(dir, 'mosquitto.log'), 'utf8') : ''}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await portOpen(tcp)) || !(await portOpen(ws))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const seen = log();
      await stop();
      throw new Error(`mosquitto did not start:\n${seen}`);
    }
    await sleep(50);
  }
  return {
    mqttUrl: `mqtt://127.0.0.1:${tcp}`,
    wsUrl: `ws://127.0.0.1:${ws}`,
    log, stop,
  };
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect(port, '127.0.0.1');
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}
