import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const CHECK = join(__dirname, '..', 'supply-chain', 'check.mjs');
const folders: string[] = [];

/** Runs the supply-chain check on a made-up project (its package.json and lockfile), without npm audit. */
const DECISIONS = { node: true, sharp: true, '@swc/core': true, '@scarf/scarf': false, nx: false, protobufjs: false, '@parcel/watcher': false };
const ROOT = { name: 'x', scarfSettings: { enabled: false }, allowScripts: DECISIONS };

function check(lockPackages: Record<string, object>, rootPackage: object = ROOT) {
  const dir = mkdtempSync(join(tmpdir(), 'supply-'));
  folders.push(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify(rootPackage));
  writeFileSync(join(dir, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: { '': {}, ...lockPackages } }));
  const r = spawnSync(process.execPath, [CHECK], { env: { ...process.env, SUPPLY_CHAIN_ROOT: dir, SUPPLY_CHAIN_AUDIT: 'off' }, encoding: 'utf8' });
  return { status: r.status, out: r.stdout + r.stderr };
}

const INTEGRITY = 'sha512-' + 'a'.repeat(86) + '==';
/** The seven reviewed packages with install scripts, as the real lockfile has them. */
const REVIEWED = Object.fromEntries(['@parcel/watcher', '@scarf/scarf', '@swc/core', 'node', 'nx', 'protobufjs', 'sharp']
  .map((n) => [`node_modules/${n}`, { version: '1.0.0', integrity: INTEGRITY, hasInstallScript: true }]));

afterEach(() => { for (const d of folders.splice(0)) rmSync(d, { recursive: true, force: true }); });

describe('tools/supply-chain/check.mjs', () => {
  it('passes the real project (lockfile integrities, reviewed install scripts, Scarf off)', () => {
    const r = spawnSync(process.execPath, [CHECK], { env: { ...process.env, SUPPLY_CHAIN_AUDIT: 'off' }, encoding: 'utf8' });
    expect(r.stdout).toContain('supply chain: ok');
    expect(r.stdout).toMatch(/npm audit: NOT CHECKED/);
    expect(r.status).toBe(0);
  });

  it('passes a made-up project that has what the real one has', () => {
    const r = check({ ...REVIEWED, 'node_modules/zod': { version: '4.0.0', integrity: INTEGRITY } });
    expect(r.out).toContain('lockfile: 8 packages');
    expect(r.status).toBe(0);
  });

  it('refuses a package without integrity, one from outside the registry, and a weak hash', () => {
    const r = check({
      ...REVIEWED,
      'node_modules/a': { version: '1.0.0' },
      'node_modules/b': { version: '1.0.0', integrity: INTEGRITY, resolved: 'git+ssh://git@github.com/x/b.git' },
      'node_modules/c': { version: '1.0.0', integrity: 'sha1-abc' },
    });
    expect(r.status).toBe(1);
    expect(r.out).toContain('node_modules/a: no sha512 integrity');
    expect(r.out).toContain('node_modules/b: resolved outside the registry');
    expect(r.out).toContain('node_modules/c: no sha512 integrity');
  });

  it('refuses an install script without a decision or a reason, and a decided one that is gone', () => {
    const { 'node_modules/nx': _gone, ...rest } = REVIEWED;
    const r = check({ ...rest, 'node_modules/evil': { version: '1.0.0', integrity: INTEGRITY, hasInstallScript: true } });
    expect(r.status).toBe(1);
    expect(r.out).toContain('evil has an install script without a decision');
    expect(r.out).toContain('evil has an install script that tools/supply-chain/install-scripts.json does not explain');
    expect(r.out).toContain('nx no longer has an install script');
  });

  it('refuses a decision that contradicts its reason (Scarf allowed)', () => {
    const r = check(REVIEWED, { ...ROOT, allowScripts: { ...DECISIONS, '@scarf/scarf': true } });
    expect(r.status).toBe(1);
    expect(r.out).toContain("@scarf/scarf: install-scripts.json and package.json's allowScripts disagree");
  });

  it('refuses a project that leaves Scarf analytics on', () => {
    const r = check(REVIEWED, { name: 'x', allowScripts: DECISIONS });
    expect(r.status).toBe(1);
    expect(r.out).toContain('scarfSettings');
  });
});
