/**
 * Runs `work` on every item with at most `limit` in flight, and settles like `Promise.allSettled` (results in the
 * items' order). One request that names many streams then queues its commands behind a few at a time instead of
 * flooding the writers and the event loop while other callers wait.
 */
export async function settleBounded<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      try {
        results[i] = { status: 'fulfilled', value: await work(items[i]!) };
      } catch (reason) {
        results[i] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/**
 * A gate that lets at most `limit` calls of its `run` do their work at once; the others wait their turn, first come
 * first served. `Infinity`: no limit.
 */
export function concurrencyLimit(limit: number): <R>(work: () => Promise<R>) => Promise<R> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    // A finished call hands its place straight to the next waiting one (running stays as it is).
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/** What `promise` resolves to within `ms`, or null when it rejects or takes longer (the timer is cleared either way). */
export async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => { timer = setTimeout(() => resolve(null), ms); });
  return Promise.race([promise.catch(() => null), late]).finally(() => clearTimeout(timer));
}
