import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '../../../tools/bench/src/util.js';

const INFRA = fileURLToPath(new URL('../../../tools/infra/infra.sh', import.meta.url));

export { freePort };

/** tools/infra in a state folder of one test file alone: `infra(...args)` runs infra.sh there, `dispose` stops `service`. */
export interface PrivateState {
  readonly state: string;
  infra(...args: string[]): Promise<string>;
  dispose(): Promise<void>;
}

/**
 * A state folder of its own (`prefix`) and infra.sh with `ports` (INFRA_* names, each given a free port) there, every
 * call bounded by `timeoutMs`; a failure names the command and carries infra.sh's output.
 */
export async function privateState(prefix: string, service: string, ports: readonly string[], timeoutMs: number): Promise<PrivateState> {
  const state = await mkdtemp(path.join(tmpdir(), prefix));
  // The servers run as their own OS users (mosquitto) when the tests run as root: they must enter the folder.
  await chmod(state, 0o755);
  const env: NodeJS.ProcessEnv = { ...process.env, INFRA_STATE_DIR: state };
  for (const name of ports) env[name] = String(await freePort());
  const infra = async (...args: string[]) => {
    try {
      return (await promisify(execFile)('bash', [INFRA, ...args], { timeout: timeoutMs, env })).stdout;
    } catch (error) {
      const e = error as { stderr?: string; stdout?: string; message: string };
      throw new Error(`infra.sh ${args.join(' ')} failed: ${e.message}\n${e.stderr ?? ''}${e.stdout ?? ''}`);
    }
  };
  return {
    state, infra,
    dispose: async () => {
      await infra('stop', service).catch(() => undefined);
      await rm(state, { recursive: true, force: true }).catch(() => undefined);
    },
  };
}
