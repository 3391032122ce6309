/**
 * `npm test` starts Keycloak beside the browser tests (tools/test/run-all.sh, lane web): a background job writes
 * test-results/keycloak.env once it answers, with the E2E_OIDC_ values, or the line `failed`; the Keycloak browser test
 * waits for that file. Review of the change: when tools/infra started Keycloak but its `env` then said it was not running
 * (it died after answering), the job stopped on an unbound variable and left the file empty, neither values nor
 * `failed`. The job is run here as run-all.sh holds it, against a stand-in tools/infra/infra.sh.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
/** run-all.sh's Keycloak job: from `export E2E_KEYCLOAK_ENV_FILE` to `keycloak_pid=$!` in lane_web. */
const runAll = readFileSync(join(ROOT, 'tools/test/run-all.sh'), 'utf8');
const job = /^\s*export E2E_KEYCLOAK_ENV_FILE=[\s\S]*?keycloak_pid=\$!$/m.exec(runAll)?.[0];

/** What infra.sh's `start keycloak` and `env keycloak` answer. */
const INFRA: Record<string, string> = {
  started: `case "$1" in start) exit 0;; env) printf 'export OIDC_ISSUER_URL=%q OIDC_CLIENT_ID=%q OIDC_CLIENT_SECRET=%q\\n' http://127.0.0.1:8180/realms/auction auction-web 'a b$c=d';; esac`,
  refused: `case "$1" in start) exit 1;; env) echo '# keycloak is not running';; esac`,
  goneAfterStart: `case "$1" in start) exit 0;; env) echo '# keycloak is not running';; esac`,
  /** Refuses a start given less than 600 s (CI on bcf24fe: Keycloak's start gave up after tools/infra's default 240 s). */
  patient: `case "$1" in start) [ "\${INFRA_KEYCLOAK_START_TIMEOUT:-240}" -ge 600 ] || exit 1;; env) printf 'export OIDC_ISSUER_URL=%q OIDC_CLIENT_ID=%q OIDC_CLIENT_SECRET=%q\\n' http://i c s;; esac`,
};

function keycloakEnvFile(infra: string, env: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'keycloak-env-'));
  mkdirSync(join(dir, 'tools/infra'), { recursive: true });
  mkdirSync(join(dir, 'test-results'));
  writeFileSync(join(dir, 'tools/infra/infra.sh'), infra);
  const script = `set -uo pipefail; REPORTS="$PWD/test-results"; step() { :; }; part() { shift; "$@"; }\n${job}\nwait "$keycloak_pid"`;
  try {
    execFileSync('bash', ['-c', script], { cwd: dir, env: { PATH: process.env['PATH'] ?? '', ...env }, stdio: ['ignore', 'ignore', 'ignore'] });
    return readFileSync(join(dir, 'test-results/keycloak.env'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("run-all.sh's keycloak.env", () => {
  it('is found in run-all.sh', () => expect(job).toBeDefined());

  it('holds the E2E_OIDC_ values, as written, once Keycloak answers', () => {
    expect(keycloakEnvFile(INFRA['started']!)).toBe(
      'E2E_OIDC_ISSUER_URL=http://127.0.0.1:8180/realms/auction\nE2E_OIDC_CLIENT_ID=auction-web\nE2E_OIDC_CLIENT_SECRET=a b$c=d\n');
  });

  it('says failed when Keycloak cannot start', () => expect(keycloakEnvFile(INFRA['refused']!)).toBe('failed\n'));

  it('says failed, never nothing nor a stray issuer of the caller, when Keycloak is gone once started', () => {
    expect(keycloakEnvFile(INFRA['goneAfterStart']!)).toBe('failed\n');
    expect(keycloakEnvFile(INFRA['goneAfterStart']!, { OIDC_ISSUER_URL: 'http://stale', OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' })).toBe('failed\n');
  });

  it("gives Keycloak's start 600 s unless the caller chose another bound", () => {
    expect(keycloakEnvFile(INFRA['patient']!)).toBe('E2E_OIDC_ISSUER_URL=http://i\nE2E_OIDC_CLIENT_ID=c\nE2E_OIDC_CLIENT_SECRET=s\n');
    expect(keycloakEnvFile(INFRA['patient']!, { INFRA_KEYCLOAK_START_TIMEOUT: '300' })).toBe('failed\n');
  });
});
