import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useProfile, useServices } from '../../../ui/services-context.js';
import { dealersApi, type DealersApi } from './dealers-api.js';
import { dealerPowers, type DealerPowers } from './dealer-powers.js';

/** The dealers calls on this page load's Http (errors go through its interceptor: numeric code → errors namespace). */
export function useDealersApi(): DealersApi {
  const { http } = useServices();
  return useMemo(() => dealersApi(http), [http]);
}

/** What the logged user may change here. */
export function useDealerPowers(): DealerPowers {
  return dealerPowers(useProfile());
}

/** The state of a call the screen shows: loading, its answer or its failure (already shown by the interceptor). */
export type Loaded<T> = { readonly status: 'loading' } | { readonly status: 'ready'; readonly data: T } | { readonly status: 'failed' };

/**
 * Runs `load` now and whenever `key` changes (a later answer replaces an earlier one only if it is still the
 * latest); `reload` runs it again after a change.
 */
export function useLoaded<T>(load: () => Promise<T>, key: string): Loaded<T> & { reload: () => void } {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (data) => { if (live) setState({ status: 'ready', data }); },
      () => { if (live) setState({ status: 'failed' }); },
    );
    return () => { live = false; };
  }, [key, round]); // eslint-disable-line react-hooks/exhaustive-deps
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}

/**
 * One change at a time: while a `run` is under way (its confirm dialog and its call), another `run` is ignored. An
 * impatient second press (a double click, Enter again on the button that got the focus back) would otherwise ask
 * again with the old state ("Disable X?" while X is being disabled) and send the call twice (a delete twice: an error
 * after the success). `busy` is for `aria-disabled`: the button keeps the keyboard focus, a disabled one would drop it.
 */
export function useOneAtATime(): { readonly busy: boolean; readonly run: (work: () => Promise<unknown>) => Promise<void> } {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (work: () => Promise<unknown>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
