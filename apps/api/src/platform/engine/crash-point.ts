/**
 * Test-only: SIGKILLs this process at the named point when `TEST_CRASH_AT` names it (the crash tests of two-step
 * writes restart the server on the same storage and check both halves agree); a no-op otherwise. The configuration
 * (app-config.ts) refuses to start with `TEST_CRASH_AT` unless `NODE_ENV=test`.
 */
export function crashPoint(name: string): void {
  if (process.env.TEST_CRASH_AT === name) process.kill(process.pid, 'SIGKILL');
}
