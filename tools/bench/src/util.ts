/** Small helpers shared by the bench's modules: paths, logging, commands, numbers. */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (this file is tools/bench/{src,dist}/util.*). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

const started = Date.now();

/** One progress line on stderr: `[bench +12.3s] message`. */
export function step(message: string): void {
  process.stderr.write(`[bench +${((Date.now() - started) / 1000).toFixed(1)}s] ${message}\n`);
}

/** What a finished command printed. */
export interface CommandResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs a command to its end. `echo` copies its output to our stderr as it comes (long builds); otherwise it is kept
 * (the last 1 MB of each stream). Never throws for a non-zero exit: the caller decides.
 */
export function run(command: string, args: readonly string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; echo?: boolean; timeoutMs?: number } = {}): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd ?? REPO_ROOT, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout = (stdout + chunk.toString()).slice(-1_048_576);
      if (options.echo) process.stderr.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-1_048_576);
      if (options.echo) process.stderr.write(chunk);
    });
    let timer: NodeJS.Timeout | undefined;
    if (options.timeoutMs) {
      timer = setTimeout(() => {
        stderr += `\n[bench] ${command} killed after ${options.timeoutMs} ms`;
        child.kill('SIGKILL');
      }, options.timeoutMs);
    }
    child.once('error', (error) => { clearTimeout(timer); reject(error); });
    child.once('close', (code) => { clearTimeout(timer); resolve({ code, stdout, stderr }); });
  });
}

/** Runs a command and throws with its output when it fails. */
export async function runOk(command: string, args: readonly string[], options: Parameters<typeof run>[2] = {}): Promise<CommandResult> {
  const result = await run(command, args, options);
  if (result.code !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.code}):\n${result.stderr.slice(-4000)}${result.stdout.slice(-2000)}`);
  }
  return result;
}

/** A TCP port free on loopback right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

/** Rounds to `digits` decimals (null stays null). */
export function round(value: number | null | undefined, digits = 0): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Percentiles of a list of numbers (nearest rank). */
export function percentiles(values: readonly number[]): { n: number; p50: number | null; p95: number | null; p99: number | null; max: number | null } {
  if (values.length === 0) return { n: 0, p50: null, p95: null, p99: null, max: null };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  return { n: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1)! };
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
