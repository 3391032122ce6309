import { Link, createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { requireUser } from '../session/guards.js';
import { Countdown } from '../ui/Countdown.js';
import { Money } from '../ui/Money.js';

/** The lots the dealer observes, with their state when the page loaded and a link to the live lot. */
export const Route = createFileRoute('/observed')({
  beforeLoad: requireUser(['BUYER']),
  loader: ({ context }) => context.services.api.observed(),
  component: ObservedLots,
});

function ObservedLots() {
  const { t } = useTranslation('auction');
  const lots = Route.useLoaderData();
  return (
    <section aria-labelledby="observed-title">
      <h1 id="observed-title">{t('observedPage.title')}</h1>
      {lots.length === 0 ? <p className="muted">{t('observedPage.empty')}</p> : (
        <div className="table-wrap">
          <table className="grid responsive" data-testid="observed-table">
            <thead>
              <tr>
                <th scope="col">{t('lot.plate')}</th>
                <th scope="col">{t('lot.vehicle')}</th>
                <th scope="col">{t('observedPage.auction')}</th>
                <th scope="col" className="num">{t('lot.best')}</th>
                <th scope="col">{t('lot.status')}</th>
                <th scope="col" className="num">{t('lot.endsIn')}</th>
              </tr>
            </thead>
            <tbody>
              {lots.map((lot) => (
                <tr key={lot.idLot} data-testid={`observed-${lot.idLot}`}>
                  <td data-label={t('lot.plate')}><span className="plate">{lot.licensePlate}</span></td>
                  <td className="wide" data-label={t('lot.vehicle')}>
                    <Link to="/lot-detail/$idAuction/$idLot" params={{ idAuction: lot.idAuction, idLot: lot.idLot }}>{lot.brand} {lot.model}</Link>
                  </td>
                  <td data-label={t('observedPage.auction')}>{lot.auctionName ?? lot.idAuction}</td>
                  <td className="num" data-label={t('lot.best')}><Money value={lot.bestOffer} /></td>
                  <td data-label={t('lot.status')}><span className={`badge badge-${lot.status}`}>{t(`common:status.${lot.status}`)}</span></td>
                  <td className="num" data-label={t('lot.endsIn')}>{lot.status === 'RUN' && <Countdown end={lot.endDate} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
