import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { aptInstallMissing, aptPackages, asRoot, buildSteps, duration, shellBlocks, shellQuote } from '../deploy/clean-machine.mjs';

const README = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');

describe('tools/deploy/clean-machine.mjs', () => {
  it('reads the README\'s production-build block as the machine check, the clone, npm ci and the build, in that order', () => {
    const steps = buildSteps(shellBlocks(README, 'production-build'), { repository: '/work/repo', dest: '/tmp/x/auction' });
    expect(steps.map((s: { kind: string }) => s.kind)).toEqual(['apt', 'run', 'run', 'run']);
    expect(steps[0].packages).toEqual(['git', 'openssl', 'curl', 'haproxy', 'postgresql', 'mosquitto']);
    expect(steps[1].command).toMatch(/^git clone \/work\/repo \/tmp\/x\/auction && cd \/tmp\/x\/auction(\s|$)/);
    expect(steps[2].command).toMatch(/^npm ci(\s|$)/);
    expect(steps[3].command).toMatch(/tsc -b tsconfig\.build\.json && npm run build -w @auction\/web/);
  });

  it('takes only blocks tagged exactly, joined in order, and fails on a missing tag', () => {
    const md = '```sh a\none\n```\n```sh a-b\nnot this\n```\ntext\n```sh a\ntwo\n```\n';
    expect(shellBlocks(md, 'a')).toBe('one\n\ntwo\n');
    expect(() => shellBlocks(md, 'c')).toThrow('no ```sh c block');
  });

  it('joins continuations, drops blank and comment lines, quotes paths with spaces and replaces /opt/auction only as a whole path', () => {
    const block = '# the set-up\n\ngit clone <this repository> /opt/auction \\\n  && cd /opt/auction\nls /opt/auction2 /opt/auction/x\n';
    const steps = buildSteps(block, { repository: "/a b/it's", dest: '/tmp/d' });
    expect(steps.map((s: { command: string }) => s.command)).toEqual([
      "git clone '/a b/it'\\''s' /tmp/d    && cd /tmp/d",
      'ls /opt/auction2 /tmp/d/x',
    ]);
    expect(shellQuote('/plain/path-1.2')).toBe('/plain/path-1.2');
  });

  it('finds apt-get install\'s packages without options, other commands or the comment', () => {
    expect(aptPackages('sudo apt-get update && sudo apt-get install -y --no-install-recommends git haproxy # note: x y')).toEqual(['git', 'haproxy']);
    expect(aptPackages('apt-get install -qq curl; echo done')).toEqual(['curl']);
    expect(aptPackages('npm ci # apt-get')).toEqual([]);
    expect(asRoot('sudo apt-get update && sudo apt-get install -y git')).toBe('apt-get update && apt-get install -y git');
  });

  it('as root installs only the missing packages, with the README\'s update and options, without sudo and the comment', () => {
    const line = 'sudo apt-get update && sudo apt-get install -y git openssl haproxy mosquitto   # Kafka: any 3.x/4.x cluster';
    expect(aptInstallMissing(line, ['haproxy', 'mosquitto'])).toBe('apt-get update && apt-get install -y haproxy mosquitto');
  });

  it('prints times in seconds, then minutes', () => {
    expect(duration(4.24)).toBe('4.2 s');
    expect(duration(83.4)).toBe('1 min 23 s');
  });
});
