// The README's "Run it in production" section followed from a clean clone (issue 24 item 6), as near to a clean
// machine as a machine without Docker allows: a fresh folder, a `git clone` of this repository's committed HEAD,
// `npm ci` with an empty npm cache of its own (every package downloaded from the registry again), the README's build
// line, then, inside that clone, apps/api/src/deploy/production-readme.e2e.spec.ts (the README's `sh production`,
// `sh production-roll` and `sh production-stop` blocks: two instances behind HAProxy, one killed, both rolled) on this
// machine's PostgreSQL, Kafka and Mosquitto. Not part of `npm test` (it downloads ~1,100 packages).
//
//   node tools/deploy/clean-machine.mjs [--keep]
//
// The `sh production-build` block is run line by line: its apt-get line only checks that the packages are installed
// (it stops, naming the missing ones; as root it runs that line for the missing ones only, without `sudo`); the other
// lines run in bash as written, `<this repository>` being this checkout and `/opt/auction` the fresh folder's clone.
// The servers come from DATABASE_URL, KAFKA_BROKERS, MQTT_URL/_USERNAME/_PASSWORD, else from
// `tools/infra/infra.sh env postgres kafka mosquitto`. Prints each step's time; stops what it started, removes the
// folder (--keep leaves it) and exits non-zero on any failure.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const E2E_SPEC = 'src/deploy/production-readme.e2e.spec.ts';
const SERVER_VARS = ['DATABASE_URL', 'KAFKA_BROKERS', 'MQTT_URL', 'MQTT_USERNAME', 'MQTT_PASSWORD'];

/** The fenced blocks of a Markdown text whose info string is exactly `sh <tag>`, joined (as apps/api/src/deploy/readme-blocks.ts). */
export function shellBlocks(markdown, tag) {
  const blocks = [];
  for (const match of markdown.matchAll(/^```sh ([\w-]+)\n([\s\S]*?)^```$/gm)) if (match[1] === tag) blocks.push(match[2]);
  if (blocks.length === 0) throw new Error(`no \`\`\`sh ${tag} block`);
  return blocks.join('\n');
}

/** A path as one shell word. */
export function shellQuote(text) {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The Debian packages an `apt-get install` command line names (options, `sudo`, other commands and comments left out). */
export function aptPackages(line) {
  const install = /\bapt-get\s+install\s+([^#;&|]*)/.exec(line);
  if (!install) return [];
  return install[1].split(/\s+/).filter((word) => word && !word.startsWith('-'));
}

/**
 * The block's commands as steps: one per line (backslash continuations joined; blank and comment lines dropped),
 * `<this repository>` and `/opt/auction` replaced. A line that runs `apt-get install` is an `apt` step with its packages.
 */
export function buildSteps(block, { repository, dest }) {
  const lines = block.replace(/\\\n/g, ' ').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  return lines.map((line) => {
    const command = line.replaceAll('<this repository>', shellQuote(repository)).replace(/\/opt\/auction(?![\w.-])/g, shellQuote(dest));
    const packages = aptPackages(line);
    return packages.length ? { kind: 'apt', line, command, packages } : { kind: 'run', line, command };
  });
}

/** The apt line to run as root: the README's, without `sudo` (a clean Debian run as root may not have it). */
export function asRoot(command) {
  return command.replace(/(^|[;&|]\s*)sudo\s+/g, '$1');
}

/**
 * The apt line to run as root when some packages are missing: the README's (its `apt-get update`, its options), without
 * `sudo` (a clean Debian run as root may not have it) and naming only the missing packages, so that running it on a
 * machine already set up installs them and upgrades nothing else it holds.
 */
export function aptInstallMissing(command, missing) {
  const line = uncommented(asRoot(command));
  return line.replace(/(\bapt-get\s+install\s+)([^;&|]*)/, (_, install, args) =>
    `${install}${[...args.trim().split(/\s+/).filter((w) => w.startsWith('-')), ...missing].join(' ')}`);
}

/** As tools/infra/infra.sh's apt_install: a package's own service is not started (policy-rc.d 101) while it runs. */
function withoutServiceStarts(command) {
  return `policy=/usr/sbin/policy-rc.d; created=0
if [ ! -e "$policy" ]; then printf '#!/bin/sh\\nexit 101\\n' >"$policy" && chmod +x "$policy" && created=1; fi
trap '[ "$created" = 1 ] && rm -f "$policy"' EXIT
${command}`;
}

/** A command line without its trailing comment. */
export function uncommented(line) {
  return line.replace(/\s+#.*$/, '');
}

/** 83.4 → "1 min 23 s", 4.2 → "4.2 s". */
export function duration(seconds) {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

// ---------------------------------------------------------------------------------------------------------------

const say = (text) => process.stdout.write(`[clean-machine ${new Date().toISOString().slice(11, 19)}] ${text}\n`);

/** The environment of every step: this one less what an npm script or jest put there, with a private npm cache and TMPDIR. */
function stepEnv(tmp) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|NODE_OPTIONS$|INIT_CWD$|NODE_ENV$|JEST_|VITEST)/i.test(key)) continue;
    env[key] = value;
  }
  env.PATH = (process.env.PATH ?? '').split(':').filter((dir) => !dir.includes('node_modules')).join(':');
  env.npm_config_cache = join(tmp, 'npm-cache');
  env.TMPDIR = join(tmp, 'tmp');
  env.INFRA_STATE_DIR = join(tmp, 'infra'); // the clone's tools/infra (the test's HAProxy) keeps its state in the folder
  return env;
}

let running; // the step's child, in a process group of its own
function run(command, { cwd, env, label }) {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-euo', 'pipefail', '-c', command], { cwd, env, stdio: 'inherit', detached: true });
    running = child;
    const started = Date.now();
    const beat = setInterval(() => say(`  ... ${label}: ${Math.round((Date.now() - started) / 1000)} s so far`), 30_000);
    child.on('exit', (code, signal) => {
      clearInterval(beat);
      running = undefined;
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

function killRunning() {
  if (running?.pid) try { process.kill(-running.pid, 'SIGKILL'); } catch { /* gone */ }
}

function installed(pkg) {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.includes('install ok installed');
}

function countFiles(dir) {
  if (!existsSync(dir)) return { files: 0, bytes: 0 };
  let files = 0; let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

/** The servers: from the environment, else from this checkout's tools/infra. */
function servers(repo) {
  const env = Object.fromEntries(SERVER_VARS.filter((k) => process.env[k]).map((k) => [k, process.env[k]]));
  if (SERVER_VARS.every((k) => env[k])) return { env, from: 'the environment' };
  const r = spawnSync('bash', ['tools/infra/infra.sh', 'env', 'postgres', 'kafka', 'mosquitto'], { cwd: repo, encoding: 'utf8' });
  const printed = spawnSync('bash', ['-c', `${r.stdout}\nenv -0`], { encoding: 'utf8' }).stdout ?? '';
  for (const pair of printed.split('\0')) {
    const at = pair.indexOf('=');
    const key = pair.slice(0, at);
    if (SERVER_VARS.includes(key) && !env[key]) env[key] = pair.slice(at + 1);
  }
  const missing = SERVER_VARS.filter((k) => !env[k]);
  if (missing.length) throw new Error(`${missing.join(', ')} not set and not given by tools/infra/infra.sh env: start the servers ` +
    `(bash tools/infra/infra.sh start postgres kafka mosquitto) or export them`);
  return { env, from: 'tools/infra/infra.sh env' };
}

/** Whatever an interrupted test left: the API instances by their pid files (checked to be this clone's), the proxy. */
function stopLeftovers(tmp, dest, env) {
  const testTmp = join(tmp, 'tmp');
  if (existsSync(testTmp)) {
    for (const dir of readdirSync(testTmp).filter((d) => d.startsWith('auction-production-'))) {
      for (const file of readdirSync(join(testTmp, dir)).filter((f) => /^api\d+\.pid$/.test(f))) {
        const pid = Number(readFileSync(join(testTmp, dir, file), 'utf8'));
        const cmdline = pid > 0 && existsSync(`/proc/${pid}/cmdline`) ? readFileSync(`/proc/${pid}/cmdline`, 'utf8') : '';
        if (cmdline.includes('apps/api/dist/main.js')) {
          say(`stopping a leftover API instance, pid ${pid} (${file})`);
          try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
        }
      }
    }
  }
  if (existsSync(join(dest, 'tools/infra/infra.sh')) && existsSync(join(env.INFRA_STATE_DIR, 'proxy'))) {
    say('   the proxy, if the test left it running:');
    spawnSync('bash', ['tools/infra/infra.sh', 'stop', 'proxy'], { cwd: dest, env, stdio: 'inherit' });
  }
}

async function main() {
  const keep = process.argv.includes('--keep');
  const here = dirname(fileURLToPath(import.meta.url));
  const repo = spawnSync('git', ['rev-parse', '--show-toplevel'], { cwd: here, encoding: 'utf8' }).stdout.trim();
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: repo, encoding: 'utf8' }).stdout.trim();
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: repo, encoding: 'utf8' }).stdout.trim();
  const readme = readFileSync(join(repo, 'README.md'), 'utf8');
  const tmp = mkdtempSync(join(tmpdir(), 'auction-clean-machine-'));
  const dest = join(tmp, 'auction');
  const env = stepEnv(tmp);
  mkdirSync(env.TMPDIR);
  const times = [];
  let failed;
  const onSignal = (signal) => { say(`${signal}: stopping`); killRunning(); stopLeftovers(tmp, dest, env); if (!keep) rmSync(tmp, { recursive: true, force: true }); process.exit(130); };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const step = async (label, fn) => {
    say(`── ${label}`);
    const started = Date.now();
    let ok = false;
    try { ok = await fn(); } catch (error) { say(`   ${error.message}`); }
    const seconds = (Date.now() - started) / 1000;
    times.push({ label, seconds, ok });
    say(`   ${ok ? 'done' : 'FAILED'} in ${duration(seconds)}`);
    if (!ok) failed ??= label;
    return ok;
  };

  say(`repository ${repo} at ${head.slice(0, 12)} (committed HEAD only${dirty ? '; uncommitted changes there are NOT in the clone' : ''})`);
  say(`folder ${tmp}: clone ${dest}, npm cache ${env.npm_config_cache} (empty), TMPDIR ${env.TMPDIR}`);
  try {
    const steps = buildSteps(shellBlocks(readme, 'production-build'), { repository: repo, dest });
    let cwd = tmp;
    await step('the machine: Node.js 20 or newer with npm (README, step 1)', async () => {
      const node = spawnSync('node', ['--version'], { env, encoding: 'utf8' }).stdout?.trim();
      const npm = spawnSync('npm', ['--version'], { env, encoding: 'utf8' }).stdout?.trim();
      say(`   node ${node ?? 'MISSING'}, npm ${npm ?? 'MISSING'} (from PATH; the product's Node 24 comes with npm ci)`);
      return Boolean(node && npm && Number(/^v(\d+)/.exec(node)?.[1]) >= 20);
    });
    for (const s of steps) {
      if (failed) break;
      if (s.kind === 'apt') {
        await step(`$ ${uncommented(s.line)}`, async () => {
          const missing = s.packages.filter((p) => !installed(p));
          say(`   installed: ${s.packages.filter((p) => !missing.includes(p)).join(' ') || '-'}; missing: ${missing.join(' ') || 'none'}`);
          if (missing.length === 0) return true;
          if (process.getuid?.() !== 0) { say('   not root: install them (the line above) and run this again'); return false; }
          const command = aptInstallMissing(s.command, missing);
          say(`   root: the README's line for the missing packages only (the installed ones are not upgraded): ${command}`);
          return (await run(withoutServiceStarts(command), { cwd, env: { ...env, DEBIAN_FRONTEND: 'noninteractive' }, label: 'apt-get' })) === 0;
        });
        continue;
      }
      await step(`$ ${uncommented(s.line)}`, async () => {
        say(`   running: ${s.command}`);
        const code = await run(`${s.command}\npwd >"${tmp}/.cwd"`, { cwd, env, label: uncommented(s.line).slice(0, 40) });
        if (code === 0 && existsSync(`${tmp}/.cwd`)) cwd = readFileSync(`${tmp}/.cwd`, 'utf8').trim();
        if (code !== 0) say(`   exit ${code}`);
        if (/\bnpm ci\b/.test(s.line)) {
          const cache = countFiles(join(env.npm_config_cache, '_cacache', 'content-v2'));
          const packages = countFiles(join(env.npm_config_cache, '_cacache', 'index-v5')).files;
          say(`   npm cache after it: ${packages} index entries, ${cache.files} downloaded files, ${(cache.bytes / 1e6).toFixed(0)} MB (it was empty)`);
        }
        return code === 0;
      });
    }
    if (!failed && cwd !== dest) { failed = `the block left the shell in ${cwd}, not in the clone ${dest}`; say(failed); }
    if (!failed) {
      await step(`the README's production blocks: ${E2E_SPEC} in the clone`, async () => {
        const { env: serverEnv, from } = servers(repo);
        say(`   servers from ${from}: DATABASE_URL=${serverEnv.DATABASE_URL.replace(/:[^:@/]*@/, ':***@')} KAFKA_BROKERS=${serverEnv.KAFKA_BROKERS} MQTT_URL=${serverEnv.MQTT_URL}`);
        const command = `cd apps/api && NODE_OPTIONS=--experimental-vm-modules npx jest --ci --cacheDirectory="${tmp}/jest-cache" ${E2E_SPEC}`;
        say(`   running: ${command}`);
        return (await run(command, { cwd: dest, env: { ...env, ...serverEnv }, label: 'production-readme e2e' })) === 0;
      });
    }
  } catch (error) {
    failed ??= error.message;
    say(`error: ${error.stack ?? error}`);
  } finally {
    killRunning();
    await step('clean-up: leftover processes stopped, the folder removed', async () => {
      stopLeftovers(tmp, dest, env);
      if (keep) say(`   kept ${tmp} (--keep)`);
      else { say(`   removing ${tmp}`); rmSync(tmp, { recursive: true, force: true }); }
      return true;
    });
  }
  say('times:');
  for (const t of times) say(`  ${duration(t.seconds).padStart(12)}  ${t.ok ? 'ok    ' : 'FAILED'}  ${t.label}`);
  const total = times.reduce((sum, t) => sum + t.seconds, 0);
  say(`${failed ? 'FAILED' : 'PASSED'} in ${duration(total)}${failed ? `: ${failed}` : ''}`);
  process.exitCode = failed ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
