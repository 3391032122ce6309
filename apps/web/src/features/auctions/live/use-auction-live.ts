import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { PAGE_MAX, type AuctionLotsQuery, type AuctionLotsView, type AuctionView } from '@auction/contracts';
import { auctionMachine } from '../../../machines/auction.machine.js';
import type { lotMachine } from '../../../machines/lot.machine.js';
import type { AuctionMessage, LotMessage, OutbidMessage, OwnOfferMessage } from '../../../machines/live-messages.js';
import { parseTopic, topics } from '../../../live/topic-filter.js';
import { useProfile, useServices } from '../../../ui/services-context.js';
import type { ActorRefFrom } from 'xstate';

/** Who looks at the auction: a dealer bidding, or its auctioneer running it. */
export type Viewer = 'dealer' | 'auctioneer';

/** The actor of one lot, as spawned by the auction machine. */
export type LotActor = ActorRefFrom<typeof lotMachine>;

/**
 * The live state of one auction: an auction machine (with one lot machine per lot) seeded from `auctionFull`,
 * then moved by the MQTT messages of `auction/{id}`, `auction/{id}/lot/+` and the user's outbid topic. The
 * subscriptions last as long as the component; a reconnect re-delivers the retained state, which the machines
 * take only when its position is newer than what they have, and a dealer's own standing is read again (`auctionFull`).
 */
export function useAuctionLive(auction: AuctionView, viewer: Viewer) {
  const { api, live } = useServices();
  const profile = useProfile();
  const actor = useActorRef(auctionMachine, { input: { auction, viewer } });

  // Back from a lost connection, a dealer reads its own standing again: an offer whose answer was lost on the way may
  // have been accepted (the retained live messages carry the prices, not who leads), and a stale "not leading" would
  // let the dealer bid against itself without being asked.
  const shown = useRef(auction);
  shown.current = auction;
  // Any viewer reads the lots again when one may have ended or been decided meanwhile: the server clears a final
  // state's retained message a minute after it, so a reconnect after that re-delivers nothing (`http.final`).
  useEffect(() => {
    let wasStale = live.stale.get();
    let cancelled = false;
    const off = live.stale.subscribe(() => {
      const stale = live.stale.get();
      if (wasStale && !stale && (viewer === 'dealer' || mayHaveEnded(actor.getSnapshot(), Date.now()))) {
        for (const lots of refreshQueriesOf(shown.current)) {
          api.auctionFull(auction.idAuction, { noSpinner: true, noPopup: true }, lots).then((full) => {
            if (cancelled) return;
            for (const lot of full.lots) {
              if (viewer === 'dealer') {
                actor.send({ type: 'mine.refreshed', idLot: lot.idLot, myBestOffer: lot.myBestOffer ?? null, leading: !!lot.leading, bestOfferId: lot.bestOfferId });
              }
              actor.send({ type: 'http.final', lot });
            }
          }, () => undefined);
        }
      }
      wasStale = stale;
    });
    return () => { cancelled = true; off(); };
  }, [actor, api, live, auction.idAuction, viewer]);

  useEffect(() => {
    const onMessage = (topic: string, payload: unknown) => {
      const parsed = parseTopic(topic);
      if (!parsed || typeof payload !== 'object' || payload === null) return;
      if (parsed.kind === 'auction') actor.send({ type: 'live.auction', auction: payload as AuctionMessage });
      else if (parsed.kind === 'lot') actor.send({ type: 'live.lot', lot: payload as LotMessage });
      else if (parsed.kind === 'outbid' && (payload as OutbidMessage).idAuction === auction.idAuction) {
        actor.send({ type: 'live.outbid', message: payload as OutbidMessage });
      } else if (parsed.kind === 'ownOffer' && (payload as OwnOfferMessage).idAuction === auction.idAuction) {
        actor.send({ type: 'live.ownOffer', message: payload as OwnOfferMessage });
      }
    };
    const offs = [
      live.subscribe(topics.auction(auction.idAuction), onMessage),
      live.subscribe(topics.lotsOf(auction.idAuction), onMessage),
    ];
    // The dealer's own offers from its other devices: the lot's public message does not say whose its best offer is.
    if (viewer === 'dealer' && profile) offs.push(live.subscribe(topics.outbid(profile.idUser), onMessage), live.subscribe(topics.ownOffer(profile.idUser), onMessage));
    return () => offs.forEach((off) => off());
  }, [actor, live, auction.idAuction, viewer, profile]);

  const snapshot = useSelector(actor, (s) => s);
  const lotActors = useSelector(actor, (s) => lotActorsOf(s.children as Record<string, unknown>, s.context.lotIds as string[]), sameItems);
  return { actor, snapshot, lotActors };
}

/** The lot actors in lot order (children named `lot-<idLot>`). */
function lotActorsOf(children: Record<string, unknown>, lotIds: readonly string[]): LotActor[] {
  return lotIds.map((id) => children[`lot-${id}`] as LotActor | undefined).filter((a): a is LotActor => !!a);
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/**
 * The `auctionFull` reads that give again every lot a view holds (`auctionFull` answers one page or one lot): lots
 * numbered up to 100 are on the first page (one read, as before paging); a page of lots past them (the live page's
 * second page) is read as that page; other lots (a lot's own page, observed lots of a big auction) one by one.
 */
export function refreshQueriesOf(auction: AuctionView | AuctionLotsView): Partial<AuctionLotsQuery>[] {
  if (auction.lots.every((l) => l.lotNumber <= PAGE_MAX)) return [{}];
  if ('lotsPage' in auction && auction.lots.length > 1) return [{ limit: auction.lotsPage.limit, offset: auction.lotsPage.offset }];
  return auction.lots.map((l) => ({ idLot: l.idLot }));
}

/** A lot the page shows as scheduled or running past its end, or closed and undecided: its final state may have come. */
function mayHaveEnded(snapshot: { children: unknown; context: { lotIds: readonly string[] } }, now: number): boolean {
  return lotActorsOf(snapshot.children as Record<string, unknown>, snapshot.context.lotIds).some((a) => {
    const { lot } = a.getSnapshot().context;
    if (lot.status === 'SCH' || lot.status === 'RUN') return Date.parse(lot.endDate) <= now;
    return lot.status === 'CLD' && lot.awardStatus === 'TBA';
  });
}
