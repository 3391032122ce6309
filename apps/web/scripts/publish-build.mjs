// The last step of `npm run build`: the three vite builds write into `dist.next` and `dist-ssr.next`, and this moves
// them to `dist` and `dist-ssr` by renaming. A server already running from this checkout (or one starting) never sees
// an empty `dist`: vite empties its output folder first and writes it over tens of seconds, and a server started in
// that window found no index.html and served no web client at all (platform CI on 2a0077ec: `npm start` in
// start-command.e2e rebuilt the client while live-first-screen.e2e started its server; four 404s).
import { existsSync, renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The app's folder; another one as the first argument (its unit test).
const root = process.argv[2] ? `${process.argv[2].replace(/\/$/, '')}/` : fileURLToPath(new URL('..', import.meta.url));
const names = ['dist-ssr', 'dist'];
// Both are checked before either moves: a half-published build (a new portal renderer beside the old client) is worse
// than the old one whole.
for (const name of names) {
  if (!existsSync(`${root}${name}.next`)) throw new Error(`${root}${name}.next does not exist: the vite build did not write it`);
}
for (const name of names) {
  const next = `${root}${name}.next`;
  const final = `${root}${name}`;
  const old = `${root}${name}.old-${process.pid}`;
  if (existsSync(final)) renameSync(final, old);
  renameSync(next, final);
  rmSync(old, { recursive: true, force: true });
}
console.log('[build] dist and dist-ssr are in place');
