// The last step of `npm run build`: the three vite builds write into `dist.next-<id>` and `dist-ssr.next-<id>`, and this
// moves them to `dist` and `dist-ssr` by renaming. A server already running from this checkout (or one starting) never
// sees an empty `dist`: vite empties its output folder first and writes it over tens of seconds, and a server started in
// that window found no index.html and served no web client at all (platform CI on 2a0077ec: `npm start` in
// start-command.e2e rebuilt the client while live-first-screen.e2e started its server; four 404s).
//
// `<id>` (the only argument) is the pid of the shell running the build script (`$$`): each build writes into folders of
// its own, so two builds at once in one checkout (`npm start` beside `npm test`'s build, docker-compose's `api` beside a
// build on the host) never write into each other's, and whichever publishes last leaves a whole build. Anything after it
// (`npm run build -- --sourcemap` appends it here) is not this script's.
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The app's folder; WEB_BUILD_ROOT names another one (its unit test).
const root = process.env.WEB_BUILD_ROOT ? `${process.env.WEB_BUILD_ROOT.replace(/\/$/, '')}/` : fileURLToPath(new URL('..', import.meta.url));
const id = process.argv[2] ?? '';
if (!/^\d+$/.test(id)) throw new Error(`publish-build.mjs <build id>: the build's id (the shell's $$), not "${id}"`);
const names = ['dist-ssr', 'dist'];
// Both are checked before either moves: a half-published build (a new portal renderer beside the old client) is worse
// than the old one whole.
for (const name of names) {
  if (!existsSync(`${root}${name}.next-${id}`)) throw new Error(`${root}${name}.next-${id} does not exist: the vite build did not write it`);
}
// The four renames back to back, the old folders removed after: the pair served is mixed for one rename only.
const olds = [];
for (const name of names) {
  const final = `${root}${name}`;
  const old = `${root}${name}.old-${id}`;
  if (existsSync(final)) {
    renameSync(final, old);
    olds.push(old);
  }
  renameSync(`${root}${name}.next-${id}`, final);
}
for (const old of olds) rmSync(old, { recursive: true, force: true });
// What builds that failed or were killed left behind: their staging and set-aside folders, once their shell is gone and
// they were not written for 10 minutes (a build in a container sharing the checkout has pids of its own).
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};
for (const entry of readdirSync(root)) {
  const left = /^dist(?:-ssr)?\.(?:next|old)-(\d+)$/.exec(entry);
  if (!left || left[1] === id || alive(Number(left[1])) || Date.now() - statSync(`${root}${entry}`).mtimeMs < 600_000) continue;
  rmSync(`${root}${entry}`, { recursive: true, force: true });
}
console.log('[build] dist and dist-ssr are in place');
