import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT, freePort } from './server.test-support.js';

const INFRA = path.join(REPO_ROOT, 'tools/infra/infra.sh');
export type InfraService = 'postgres' | 'kafka' | 'mosquitto';

/**
 * PostgreSQL, Kafka and Mosquitto of one test file alone (tools/infra in a state folder of its own, on free ports): a
 * test that stops and restarts them does not pull the shared servers from under the other tests running beside it.
 */
export interface PrivateInfra {
  /** What the API needs to use them: DATABASE_URL (the admin database), KAFKA_BROKERS, MQTT_*. */
  readonly env: Readonly<Record<string, string>>;
  readonly databaseUrl: string;
  readonly kafkaBrokers: string[];
  /** Stops one service (as an operator would: pg_ctl stop -m fast, Kafka's controlled shutdown, SIGTERM), ms taken. */
  stop(service: InfraService): Promise<number>;
  start(service: InfraService): Promise<number>;
  /** True when `infra.sh status` says the service runs. */
  running(service: InfraService): Promise<boolean>;
  /** Stops every service and removes the state folder. */
  dispose(): Promise<void>;
}

export async function startPrivateInfra(services: readonly InfraService[]): Promise<PrivateInfra> {
  const state = await mkdtemp(path.join(tmpdir(), 'auction-infra-'));
  // The servers run as their own OS users (postgres, mosquitto) when the tests run as root: they must enter it.
  await chmod(state, 0o755);
  const ports = { pg: await freePort(), kafka: await freePort(), controller: await freePort(), mqtt: await freePort(), ws: await freePort() };
  const infraEnv: NodeJS.ProcessEnv = {
    ...process.env, INFRA_STATE_DIR: state, INFRA_PG_PORT: String(ports.pg), INFRA_KAFKA_PORT: String(ports.kafka),
    INFRA_KAFKA_CONTROLLER_PORT: String(ports.controller), INFRA_MQTT_PORT: String(ports.mqtt), INFRA_MQTT_WS_PORT: String(ports.ws),
  };
  const run = async (...args: string[]) => {
    const t0 = Date.now();
    try {
      const { stdout } = await promisify(execFile)('bash', [INFRA, ...args], { timeout: 240_000, env: infraEnv, maxBuffer: 8 * 1024 * 1024 });
      return { ms: Date.now() - t0, stdout };
    } catch (error) {
      const e = error as { stderr?: string; stdout?: string; message: string };
      throw new Error(`infra.sh ${args.join(' ')} failed: ${e.message}\n${e.stderr ?? ''}${e.stdout ?? ''}`);
    }
  };
  await run('start', ...services);
  const { stdout } = await run('env', ...services);
  const env: Record<string, string> = {};
  for (const line of stdout.split('\n')) {
    for (const [, name, value] of line.matchAll(/(\w+)=(\S+)/g)) env[name!] = value!.replace(/^['"]|['"]$/g, '');
  }
  return {
    env,
    databaseUrl: env.DATABASE_URL ?? '',
    kafkaBrokers: (env.KAFKA_BROKERS ?? '').split(',').filter(Boolean),
    stop: async (service) => (await run('stop', service)).ms,
    start: async (service) => (await run('start', service)).ms,
    running: async (service) => run('status', service).then(() => true, () => false),
    dispose: async () => {
      await run('stop', ...services).catch(() => undefined);
      await rm(state, { recursive: true, force: true }).catch(() => undefined);
    },
  };
}
