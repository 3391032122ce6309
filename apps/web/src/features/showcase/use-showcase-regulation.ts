import { useCallback, useEffect, useRef } from 'react';
import { useServices } from '../../ui/services-context.js';

/**
 * The showcase regulation rule for a dealer: before the first booking, pre-emption or purchase the regulation
 * dialog opens unless it was accepted; accepting is stored on the server, refusing sends nothing.
 * Returns `ensureAccepted()`, resolving true when the dealer may go on.
 */
export function useShowcaseRegulation(dealer: boolean): () => Promise<boolean> {
  const { showcase, dialogs } = useServices();
  const accepted = useRef<boolean | null>(null);

  useEffect(() => {
    if (!dealer) return;
    let live = true;
    showcase.acceptedRegulation().then((r) => { if (live && accepted.current === null) accepted.current = r.accepted; }, () => undefined);
    return () => { live = false; };
  }, [showcase, dealer]);

  return useCallback(async () => {
    if (accepted.current === true) return true;
    if (accepted.current === null) {
      const r = await showcase.acceptedRegulation().catch(() => ({ accepted: false }));
      accepted.current = r.accepted;
      if (r.accepted) return true;
    }
    const yes = await dialogs.confirm('showcase:regulation.text', undefined, 'showcase:regulation.accept');
    if (!yes) return false;
    await showcase.acceptRegulation();
    accepted.current = true;
    return true;
  }, [showcase, dialogs]);
}
