import { useCallback, useEffect, useRef } from 'react';
import type { AuctionView } from '@auction/contracts';
import { useServices } from '../../../ui/services-context.js';

/** An auction as the live pages read it: with its own message and regulation document when `auctionFull` gave them. */
type RegulatedAuction = AuctionView & { readonly message?: string | null; readonly fileMessage?: string | null };

/**
 * The regulation rule of an auction for a dealer: before the first offer of an auction that requires it, the
 * regulation dialog opens, with the auction's own message and a link to its own regulation document when it has them;
 * accepting it is stored on the server, refusing it sends nothing.
 * Returns `ensureAccepted()`, resolving true when the dealer may offer.
 */
export function useRegulation(auction: RegulatedAuction, dealer: boolean): () => Promise<boolean> {
  const { api, dialogs } = useServices();
  const accepted = useRef<boolean | null>(auction.regulationRequired ? null : true);

  useEffect(() => {
    if (!dealer || !auction.regulationRequired) return;
    let live = true;
    api.acceptedRegulation(auction.idAuction).then((r) => { if (live && accepted.current === null) accepted.current = r.accepted; }, () => undefined);
    return () => { live = false; };
  }, [api, auction.idAuction, auction.regulationRequired, dealer]);

  return useCallback(async () => {
    if (accepted.current === true) return true;
    if (accepted.current === null) {
      const r = await api.acceptedRegulation(auction.idAuction).catch(() => ({ accepted: false }));
      accepted.current = r.accepted;
      if (r.accepted) return true;
    }
    const yes = await dialogs.confirm('auction:regulation.text', undefined, 'auction:regulation.accept', 'auction:regulation.title', {
      detail: auction.message ?? undefined,
      link: auction.fileMessage ? { href: auction.fileMessage, labelKey: 'auction:regulation.document' } : undefined,
    });
    if (!yes) return false;
    await api.acceptRegulation(auction.idAuction);
    accepted.current = true;
    return true;
  }, [api, dialogs, auction.idAuction, auction.message, auction.fileMessage]);
}
