// `npm run build` of the web client: built aside, then moved into place (scripts/publish-build.mjs), so that a server
// running or starting from this checkout while the client is rebuilt always finds a whole `dist`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';

const app = fileURLToPath(new URL('..', import.meta.url));
const script = join(app, 'scripts/publish-build.mjs');
const publish = (root: string, ...args: string[]) =>
  execFileSync(process.execPath, [script, ...(args.length ? args : ['123'])], { encoding: 'utf8', stdio: 'pipe', env: { ...process.env, WEB_BUILD_ROOT: root } });
const write = (file: string, text: string) => { mkdirSync(join(file, '..'), { recursive: true }); writeFileSync(file, text); };

describe('publishing the web build', () => {
  const roots: string[] = [];
  const root = () => { const r = mkdtempSync(join(tmpdir(), 'auction-web-build-')); roots.push(r); return r; };
  afterEach(() => { for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true }); });

  test('no vite build writes into dist or dist-ssr: each writes aside, into folders of this build, and the last step moves them', () => {
    const build = (JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as { scripts: { build: string } }).scripts.build;
    const vites = build.split('&&').map((s) => s.trim()).filter((s) => s.startsWith('vite build'));
    expect(vites).toHaveLength(3);
    for (const v of vites) expect(v).toMatch(/--outDir (dist|dist-ssr)\.next-\$\$$/);
    expect(build.trim().endsWith('node scripts/publish-build.mjs $$')).toBe(true);
  });

  test('the new build replaces the old one whole; nothing of the old one and no staging folder is left', () => {
    const r = root();
    write(join(r, 'dist/index.html'), 'old');
    write(join(r, 'dist/assets/old-123.js'), 'old');
    write(join(r, 'dist-ssr/portal-server.js'), 'old');
    write(join(r, 'dist.next-123/index.html'), 'new');
    write(join(r, 'dist.next-123/assets/new-456.js'), 'new');
    write(join(r, 'dist-ssr.next-123/portal-server.js'), 'new');
    publish(r);
    expect(readdirSync(r).sort()).toEqual(['dist', 'dist-ssr']);
    expect(readFileSync(join(r, 'dist/index.html'), 'utf8')).toBe('new');
    expect(readdirSync(join(r, 'dist/assets'))).toEqual(['new-456.js']);
    expect(readFileSync(join(r, 'dist-ssr/portal-server.js'), 'utf8')).toBe('new');
  });

  test('a first build (no dist yet) is moved into place', () => {
    const r = root();
    write(join(r, 'dist.next-123/index.html'), 'first');
    write(join(r, 'dist-ssr.next-123/portal-server.js'), 'first');
    publish(r);
    expect(readFileSync(join(r, 'dist/index.html'), 'utf8')).toBe('first');
  });

  test('a build that wrote nothing fails and leaves the served build as it was', () => {
    const r = root();
    write(join(r, 'dist/index.html'), 'served');
    write(join(r, 'dist-ssr/portal-server.js'), 'served');
    expect(() => publish(r)).toThrow(/dist-ssr\.next-123 does not exist/);
    write(join(r, 'dist-ssr.next-123/portal-server.js'), 'new');
    expect(() => publish(r)).toThrow(/dist\.next-123 does not exist/);
    rmSync(join(r, 'dist-ssr.next-123'), { recursive: true });
    expect(readFileSync(join(r, 'dist/index.html'), 'utf8')).toBe('served');
    expect(readdirSync(r).sort()).toEqual(['dist', 'dist-ssr']);
  });

  test('two builds at once: each publishes its own folders, and the last one published is whole', () => {
    const r = root();
    // Build 201 has written everything; build 202, started later, has written its client only when 201 publishes.
    write(join(r, 'dist.next-201/index.html'), '201');
    write(join(r, 'dist.next-201/portal.html'), '201');
    write(join(r, 'dist-ssr.next-201/portal-server.js'), '201');
    write(join(r, 'dist.next-202/index.html'), '202');
    publish(r, '201');
    expect(readFileSync(join(r, 'dist/portal.html'), 'utf8')).toBe('201');
    write(join(r, 'dist.next-202/portal.html'), '202');
    write(join(r, 'dist-ssr.next-202/portal-server.js'), '202');
    publish(r, '202');
    expect(readdirSync(r).sort()).toEqual(['dist', 'dist-ssr']);
    expect(['index.html', 'portal.html'].map((f) => readFileSync(join(r, 'dist', f), 'utf8'))).toEqual(['202', '202']);
    expect(readFileSync(join(r, 'dist-ssr/portal-server.js'), 'utf8')).toBe('202');
  });

  test('arguments given to `npm run build -- …` are not taken for the folder; a build id is required', () => {
    const r = root();
    write(join(r, 'dist.next-123/index.html'), 'new');
    write(join(r, 'dist-ssr.next-123/portal-server.js'), 'new');
    publish(r, '123', '--sourcemap');
    expect(readFileSync(join(r, 'dist/index.html'), 'utf8')).toBe('new');
    expect(() => publish(r, '--sourcemap')).toThrow(/build id/);
  });

  test('folders left by builds that failed or were killed long ago are removed; a running build\'s are kept', () => {
    const r = root();
    write(join(r, 'dist.next-123/index.html'), 'new');
    write(join(r, 'dist-ssr.next-123/portal-server.js'), 'new');
    const dead = 2 ** 22 + 17; // above Linux's pid_max default: no such process
    const old = new Date(Date.now() - 3600_000);
    for (const f of [`dist.next-${dead}`, `dist-ssr.old-${dead}`, `dist.next-${process.pid}`]) {
      write(join(r, f, 'x'), 'left');
      utimesSync(join(r, f), old, old);
    }
    write(join(r, `dist.old-${dead + 1}`, 'x'), 'just killed');
    publish(r);
    expect(readdirSync(r).sort()).toEqual(['dist', 'dist-ssr', `dist.next-${process.pid}`, `dist.old-${dead + 1}`]);
  });
});
