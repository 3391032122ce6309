import { describe, expect, it } from 'vitest';
import { RELOADED_FOR_KEY, buildOf, isChunkLoadError, reloadIfNewBuild, type NewBuildDeps } from './new-build.js';

const page = (entry: string) => `<!doctype html><html><head><script type="module" crossorigin src="${entry}"></script></head></html>`;

function browser(current: string, served: string | Error) {
  const store = new Map<string, string>();
  let reloads = 0;
  const deps: NewBuildDeps = {
    current,
    fetchPage: async () => { if (served instanceof Error) throw served; return page(served); },
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => { store.set(k, v); } },
    reload: () => { reloads += 1; },
  };
  return { deps, store, reloads: () => reloads };
}

describe('new build (#21 item 15)', () => {
  it('reads the build from the page\'s entry script', () => {
    expect(buildOf(page('/assets/index-AbC1.js'))).toBe('/assets/index-AbC1.js');
    expect(buildOf('<script src="/x.js"></script>')).toBeNull();
  });

  it('reloads once onto a newer build, and never again for the same build (no loop)', async () => {
    const tab = browser('/assets/index-old.js', '/assets/index-new.js');
    expect(await reloadIfNewBuild(tab.deps)).toBe('reloaded');
    expect(tab.store.get(RELOADED_FOR_KEY)).toBe('/assets/index-new.js');
    expect(await reloadIfNewBuild(tab.deps)).toBe('alreadyReloaded');
    expect(tab.reloads()).toBe(1);
  });

  it('does not reload while the server is down, nor for the same build', async () => {
    const down = browser('/assets/index-old.js', new TypeError('Failed to fetch'));
    expect(await reloadIfNewBuild(down.deps)).toBe('serverDown');
    const same = browser('/assets/index-old.js', '/assets/index-old.js');
    expect(await reloadIfNewBuild(same.deps)).toBe('sameBuild');
    expect(down.reloads() + same.reloads()).toBe(0);
  });

  it('recognises the browsers\' words for a chunk that did not load', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('409004'))).toBe(false);
  });
});
