/**
 * A tab opened before a deployment asks for chunks of its build, which the server no longer has (404). The first such
 * failure checks which build the server serves now and reloads the tab once onto it; a failure while the server is
 * down, or with the same build, reloads nothing (the page stays, its live connection tells the user).
 */

/** Where the tab remembers the build it reloaded for (a second failure with that build does not reload again). */
export const RELOADED_FOR_KEY = 'auction.reloadedForBuild';

/** The entry script of a page of the app (`/assets/index-<hash>.js`): it names the build. Null when there is none. */
export function buildOf(html: string): string | null {
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    if (!/type=["']?module/i.test(tag)) continue;
    const src = /\ssrc=["']?([^"'\s>]+)/i.exec(tag);
    if (src) return src[1]!;
  }
  return null;
}

/** What the check needs from the browser (tests pass stand-ins). */
export interface NewBuildDeps {
  /** The build of this tab (its entry script). */
  readonly current: string | null;
  /** The app page as the server serves it now; rejects when the server does not answer. */
  fetchPage(): Promise<string>;
  readonly storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload(): void;
}

/** What {@link reloadIfNewBuild} did. */
export type NewBuildOutcome = 'reloaded' | 'sameBuild' | 'alreadyReloaded' | 'serverDown';

/** Reloads the tab when the server serves another build than the tab's, at most once per build. */
export async function reloadIfNewBuild(deps: NewBuildDeps): Promise<NewBuildOutcome> {
  let latest: string | null;
  try {
    latest = buildOf(await deps.fetchPage());
  } catch {
    return 'serverDown';
  }
  if (latest === null || latest === deps.current) return 'sameBuild';
  if (deps.storage.getItem(RELOADED_FOR_KEY) === latest) return 'alreadyReloaded';
  deps.storage.setItem(RELOADED_FOR_KEY, latest);
  deps.reload();
  return 'reloaded';
}

/** A failed dynamic import, as browsers word it (Chromium, Firefox, Safari). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(message);
}

/** The browser's view of {@link NewBuildDeps}. */
function browserDeps(): NewBuildDeps {
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return {
    current: entry?.getAttribute('src') ?? null,
    fetchPage: async () => {
      const answer = await fetch('/', { cache: 'no-store', credentials: 'same-origin', headers: { accept: 'text/html' } });
      if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
      return answer.text();
    },
    storage: window.sessionStorage,
    reload: () => window.location.reload(),
  };
}

let checking: Promise<NewBuildOutcome> | null = null;

/** Checks for a new build once at a time (many chunks may fail together). */
export function checkForNewBuild(): Promise<NewBuildOutcome> {
  checking ??= reloadIfNewBuild(browserDeps()).finally(() => { checking = null; });
  return checking;
}

/**
 * Listens for failed chunk loads: Vite's `vite:preloadError` (a chunk or its CSS did not load) and a rejected dynamic
 * import nobody caught. Call once at start.
 */
export function installNewBuildCheck(): void {
  window.addEventListener('vite:preloadError', (event) => {
    // The router would otherwise reload at once, even when the server is down (the browser's "site can't be reached").
    event.preventDefault();
    void checkForNewBuild();
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) void checkForNewBuild();
  });
}
