import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { AuctionView } from '@auction/contracts';
import { formatDateTimeIn, timeZoneOfMarket } from '@auction/i18n';
import { MarketZoneProvider, useMarketZone } from '../../../ui/market-zone.js';
import { PhaseCountdown } from '../../../ui/PhaseCountdown.js';
import { TimeZoneNote } from '../../../ui/TimeZoneNote.js';
import { Money } from '../../../ui/Money.js';
import { splitLotState } from './lot-state.js';
import { OfferForm } from './OfferForm.js';
import { useAuctionLive, type LotActor } from './use-auction-live.js';
import { useRegulation } from './use-regulation.js';
import { ExtensionFlash, OfferOutcomeLine } from './LotNotices.js';
import { BidHistory } from './BidHistory.js';
import { useServices, useStore } from '../../../ui/services-context.js';
import { VehicleDossier } from '../photos/VehicleDossier.js';

/** One lot on its own page, live: figures, my state, countdown, offer and buy-now. */
export function LotDetail({ auction, idLot }: { auction: AuctionView; idLot: string }) {
  const { t } = useTranslation('auction');
  const { lotActors } = useAuctionLive(auction, 'dealer');
  const ensureRegulation = useRegulation(auction, true);
  const lotActor = lotActors.find((a) => a.getSnapshot().context.lot.idLot === idLot);
  if (!lotActor) return <p className="muted">{t('common:empty')}</p>;
  return (
    <MarketZoneProvider value={timeZoneOfMarket(auction.idMarket)}>
      <div className="lot-layout">
        <LotCard lotActor={lotActor} auctionName={auction.auctionName} startDate={auction.startDate} ensureRegulation={ensureRegulation} />
        <VehicleDossier idAuction={auction.idAuction} idLot={idLot} subject={subjectOf(lotActor)} />
      </div>
    </MarketZoneProvider>
  );
}

/** What the lot's photos show, for their alternative text: brand, model and plate. */
function subjectOf(lotActor: LotActor): string {
  const { lot } = lotActor.getSnapshot().context;
  return `${lot.brand} ${lot.model} (${lot.licensePlate})`;
}

function LotCard({ lotActor, auctionName, startDate, ensureRegulation }: { lotActor: LotActor; auctionName: string; startDate: string; ensureRegulation: () => Promise<boolean> }) {
  const { t } = useTranslation('auction');
  const snapshot = useSelector(lotActor, (s) => s);
  const { lot, myBestOffer, lastOutcome, extendedFrom } = snapshot.context;
  const { status, sub } = splitLotState(snapshot.value);
  const mine = sub ?? 'noOffer';
  const { live } = useServices();
  const stale = useStore(live.stale);
  const zone = useMarketZone();
  const rows: [string, React.ReactNode][] = [
    [t('lot.plate'), <span className="plate">{lot.licensePlate}</span>],
    [t('lot.base'), <Money value={lot.basePrice} />],
    [t('lot.minIncrement'), <Money value={lot.minIncrement} />],
    [t('lot.best'), <strong><Money value={lot.bestOffer} testId={`best-${lot.idLot}`} /></strong>],
    [t('lot.nextValid'), <Money value={lot.nextMinimumOffer} />],
    [t('lot.offers'), lot.offersCount],
    [t('lot.mine'), <Money value={myBestOffer} />],
    [t('lot.buyNow'), <Money value={lot.buyNowPrice} />],
    ...(status === 'SCH' ? [[t('dealer.starts'), formatDateTimeIn(startDate, zone)] as [string, React.ReactNode]] : []),
    [t('list.ends'), <span data-testid={`lot-end-${lot.idLot}`}>{formatDateTimeIn(lot.endDate, zone)}</span>],
  ];
  return (
    <section className={`card${stale ? ' live-stale' : ''}`} aria-labelledby="lot-title" data-testid={`lot-${lot.idLot}`} data-status={status} data-my-state={mine}>
      <div className="page-head">
        <h1 id="lot-title">{t('lot.detailTitle', { number: lot.lotNumber, brand: lot.brand, model: lot.model })}</h1>
        <span className={`badge badge-${status}`} data-testid={`lot-status-${lot.idLot}`}>{t(`common:status.${status}`)}</span>
        <span className={`badge badge-${mine}`} data-testid={`my-state-${lot.idLot}`} data-state={mine}>{t(`my.${mine}`)}</span>
        <PhaseCountdown status={status} start={startDate} end={lot.endDate} testId={`countdown-${lot.idLot}`} endLabel={t('lot.countdownLabel', { plate: lot.licensePlate })} />
        {status === 'RUN' && <ExtensionFlash idLot={lot.idLot} endDate={lot.endDate} extendedFrom={extendedFrom} />}
      </div>
      <p className="muted">
        <Link to="/live-auction/$idAuction" params={{ idAuction: lot.idAuction }}>{auctionName}</Link>{' · '}<TimeZoneNote zone={zone} />
      </p>
      <dl className="facts">
        {rows.map(([label, value]) => (
          <div key={label}><dt>{label}</dt><dd>{value}</dd></div>
        ))}
      </dl>
      {status === 'RUN' && <OfferForm lot={lot} lotActor={lotActor} ensureRegulation={ensureRegulation} />}
      {status !== 'RUN' && <OfferOutcomeLine idLot={lot.idLot} outcome={lastOutcome} />}
      {status === 'CLD' && <p className="muted" data-testid={`awaiting-${lot.idLot}`}>{t('dealer.awaitingSeller')}</p>}
      {status !== 'SCH' && <BidHistory lot={lot} />}
    </section>
  );
}
