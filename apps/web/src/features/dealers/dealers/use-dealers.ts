import { useCallback, useEffect, useMemo, useState } from 'react';
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
