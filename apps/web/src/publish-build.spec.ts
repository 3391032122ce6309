// `npm run build` of the web client: built aside, then moved into place (scripts/publish-build.mjs), so that a server
// running or starting from this checkout while the client is rebuilt always finds a whole `dist`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';

const app = fileURLToPath(new URL('..', import.meta.url));
const script = join(app, 'scripts/publish-build.mjs');
const publish = (root: string) => execFileSync(process.execPath, [script, root], { encoding: 'utf8', stdio: 'pipe' });
const write = (file: string, text: string) => { mkdirSync(join(file, '..'), { recursive: true }); writeFileSync(file, text); };

describe('publishing the web build', () => {
  const roots: string[] = [];
  const root = () => { const r = mkdtempSync(join(tmpdir(), 'auction-web-build-')); roots.push(r); return r; };
  afterEach(() => { for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true }); });

  test('no vite build writes into dist or dist-ssr: each writes aside, and the last step moves them', () => {
    const build = (JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as { scripts: { build: string } }).scripts.build;
    const vites = build.split('&&').map((s) => s.trim()).filter((s) => s.startsWith('vite build'));
    expect(vites).toHaveLength(3);
    for (const v of vites) expect(v).toMatch(/--outDir (dist|dist-ssr)\.next$/);
    expect(build.trim().endsWith('node scripts/publish-build.mjs')).toBe(true);
  });

  test('the new build replaces the old one whole; nothing of the old one and no staging folder is left', () => {
    const r = root();
    write(join(r, 'dist/index.html'), 'old');
    write(join(r, 'dist/assets/old-123.js'), 'old');
    write(join(r, 'dist-ssr/portal-server.js'), 'old');
    write(join(r, 'dist.next/index.html'), 'new');
    write(join(r, 'dist.next/assets/new-456.js'), 'new');
    write(join(r, 'dist-ssr.next/portal-server.js'), 'new');
    publish(r);
    expect(readdirSync(r).sort()).toEqual(['dist', 'dist-ssr']);
    expect(readFileSync(join(r, 'dist/index.html'), 'utf8')).toBe('new');
    expect(readdirSync(join(r, 'dist/assets'))).toEqual(['new-456.js']);
    expect(readFileSync(join(r, 'dist-ssr/portal-server.js'), 'utf8')).toBe('new');
  });

  test('a first build (no dist yet) is moved into place', () => {
    const r = root();
    write(join(r, 'dist.next/index.html'), 'first');
    write(join(r, 'dist-ssr.next/portal-server.js'), 'first');
    publish(r);
    expect(readFileSync(join(r, 'dist/index.html'), 'utf8')).toBe('first');
  });

  test('a build that wrote nothing fails and leaves the served build as it was', () => {
    const r = root();
    write(join(r, 'dist/index.html'), 'served');
    write(join(r, 'dist-ssr/portal-server.js'), 'served');
    expect(() => publish(r)).toThrow(/dist-ssr\.next does not exist/);
    write(join(r, 'dist-ssr.next/portal-server.js'), 'new');
    expect(() => publish(r)).toThrow(/dist\.next does not exist/);
    rmSync(join(r, 'dist-ssr.next'), { recursive: true });
    expect(readFileSync(join(r, 'dist/index.html'), 'utf8')).toBe('served');
    expect(readdirSync(r).sort()).toEqual(['dist', 'dist-ssr']);
  });
});
