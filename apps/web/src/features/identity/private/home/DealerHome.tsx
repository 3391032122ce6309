import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManagedAuction, Page } from '@auction/contracts';
import { listTimes } from '../../../../ui/market-zone.js';
import { TimeZoneNote } from '../../../../ui/TimeZoneNote.js';
import { HOME_COUNTED, type BidsSummary, type DealerHomeData, type PurchasesSummary } from './dealer-home.js';
import { PartnersSection } from './PartnerCards.js';
import './dealer-home.css';

/**
 * `/private`, the dealer's home (spec 01 §2 `private`): a greeting, then a card per part of the dealer's work, each
 * from a call that already exists: the auctions running now and the next ones it may see, its bids, its purchases to
 * pay, the showcase (only when open to it) and its partners. A card whose call failed says so; the others show.
 */
export function DealerHome({ name, data }: { readonly name: string; readonly data: DealerHomeData }) {
  const { t } = useTranslation('privatePages');
  return (
    <section className="dealer-home" aria-labelledby="dealer-home-title" data-testid="dealer-home">
      <h1 id="dealer-home-title">{t('home.title', { name })}</h1>
      <p className="muted">{t('home.intro')}</p>
      <div className="dealer-home-grid">
        <AuctionsCard running={data.running} scheduled={data.scheduled} />
        <BidsCard bids={data.bids} />
        <PurchasesCard purchases={data.purchases} />
        {data.showcaseEnabled === true && (
          <HomeCard name="showcase" title={t('home.showcaseTitle')}>
            <p>{t('home.showcaseText')}</p>
            <CardLink to="/showcase-catalogue" testId="home-showcase-link">{t('home.showcaseLink')}</CardLink>
          </HomeCard>
        )}
      </div>
      <PartnersSection partners={data.partners} />
    </section>
  );
}

/** One card: a titled region (`home-{name}`) of the home. */
function HomeCard({ name, title, children }: { readonly name: string; readonly title: string; readonly children: ReactNode }) {
  return (
    <section className="card home-card" aria-labelledby={`home-${name}-title`} data-testid={`home-${name}`}>
      <h2 id={`home-${name}-title`}>{title}</h2>
      {children}
    </section>
  );
}

function CardLink({ to, testId, children }: { readonly to: '/live' | '/my-bids' | '/purchase-summary' | '/showcase-catalogue'; readonly testId: string; readonly children: ReactNode }) {
  return <p className="home-card-link"><Link to={to} className="btn" data-testid={testId}>{children}</Link></p>;
}

/** Said in place of a card's content when its call failed. */
export function Unavailable({ testId }: { readonly testId: string }) {
  const { t } = useTranslation('privatePages');
  return <p className="muted" role="status" data-testid={testId}>{t('home.unavailable')}</p>;
}

function AuctionsCard({ running, scheduled }: { readonly running: Page<ManagedAuction> | null; readonly scheduled: Page<ManagedAuction> | null }) {
  const { t } = useTranslation('privatePages');
  const times = listTimes([...(running?.items ?? []), ...(scheduled?.items ?? [])].map((a) => a.idMarket));
  return (
    <HomeCard name="auctions" title={t('home.auctionsTitle')}>
      {times.zone && <p><TimeZoneNote zone={times.zone} testId="home-time-zone" /></p>}
      {running === null ? <Unavailable testId="home-running-unavailable" /> : (
        <>
          <p data-testid="home-running-count">{running.total > 0 ? t('home.running', { count: running.total }) : t('home.noneRunning')}</p>
          <AuctionList auctions={running.items} kind="running" when={(a) => t('home.ends', { date: times.format(a.endDate, a.idMarket) })} />
        </>
      )}
      <h3 className="home-subtitle">{t('home.scheduledTitle')}</h3>
      {scheduled === null ? <Unavailable testId="home-scheduled-unavailable" /> : scheduled.total === 0
        ? <p className="muted" data-testid="home-no-scheduled">{t('home.noneScheduled')}</p>
        : <AuctionList auctions={scheduled.items} kind="scheduled" when={(a) => t('home.starts', { date: times.format(a.startDate, a.idMarket) })} />}
      <CardLink to="/live" testId="home-all-auctions">{t('home.allAuctions')}</CardLink>
    </HomeCard>
  );
}

function AuctionList({ auctions, kind, when }: { readonly auctions: readonly ManagedAuction[]; readonly kind: string; readonly when: (a: ManagedAuction) => string }) {
  if (auctions.length === 0) return null;
  return (
    <ul className="home-list" data-testid={`home-${kind}-list`}>
      {auctions.map((a) => (
        <li key={a.idAuction}>
          <Link to="/live-auction/$idAuction" params={{ idAuction: a.idAuction }} data-testid={`home-auction-${a.idAuction}`}>{a.auctionName}</Link>
          <span className="muted">{when(a)}</span>
        </li>
      ))}
    </ul>
  );
}

function BidsCard({ bids }: { readonly bids: BidsSummary | null }) {
  const { t } = useTranslation('privatePages');
  return (
    <HomeCard name="bids" title={t('home.bidsTitle')}>
      {bids === null ? <Unavailable testId="home-bids-unavailable" /> : (
        <ul className="home-figures">
          <li data-testid="home-leading" className={`home-figure${bids.leading > 0 ? ' good' : ''}`}>{t('home.leading', { count: bids.leading })}</li>
          <li data-testid="home-outbid" className={`home-figure${bids.outbid > 0 ? ' bad' : ''}`}>{t('home.outbid', { count: bids.outbid })}</li>
          {bids.partial && <li className="muted">{t('home.partial', { count: HOME_COUNTED })}</li>}
        </ul>
      )}
      <CardLink to="/my-bids" testId="home-bids-link">{t('home.bidsLink')}</CardLink>
    </HomeCard>
  );
}

function PurchasesCard({ purchases }: { readonly purchases: PurchasesSummary | null }) {
  const { t } = useTranslation('privatePages');
  return (
    <HomeCard name="purchases" title={t('home.purchasesTitle')}>
      {purchases === null ? <Unavailable testId="home-purchases-unavailable" /> : (
        <ul className="home-figures">
          <li data-testid="home-to-pay" className={`home-figure${purchases.toPay > 0 ? ' warn' : ''}`}>{t('home.toPay', { count: purchases.toPay })}</li>
          <li data-testid="home-purchases-total" className="muted">{t('home.purchasesTotal', { count: purchases.total })}</li>
          {purchases.partial && <li className="muted">{t('home.partial', { count: HOME_COUNTED })}</li>}
        </ul>
      )}
      <CardLink to="/purchase-summary" testId="home-purchases-link">{t('home.purchasesLink')}</CardLink>
    </HomeCard>
  );
}
