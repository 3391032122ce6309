import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DealerTable } from '../dealers/DealerTable.js';
import { ReadOnlyNote } from '../dealers/ReadOnlyNote.js';
import { useDealerPage } from '../dealers/use-dealer-page.js';
import { useDealerPowers, useDealersApi } from '../dealers/use-dealers.js';
import '../dealers/dealers.css';

/** The auctioneer dealers (`GET /admin/auctioneer`, server paged), with the way to create one (ADMIN). */
export function AuctioneerManagement() {
  const { t } = useTranslation('dealers');
  const api = useDealersApi();
  const powers = useDealerPowers();
  const list = useDealerPage(api.auctioneers);
  return (
    <section aria-labelledby="auctioneers-title">
      <div className="page-head">
        <h1 id="auctioneers-title">{t('auctioneers.title')}</h1>
        {powers.admin && <Link to="/create-auctioneer" className="btn btn-primary" data-testid="create-auctioneer">{t('auctioneers.create')}</Link>}
      </div>
      <ReadOnlyNote show={powers.readOnly} />
      {list.failed ? <p className="form-error">{t('common.failed')}</p> : (
        <DealerTable page={list.page} request={list.request} onRequest={list.setRequest} caption={t('auctioneers.title')} testId="auctioneer-list" linkTo="auctioneer" />
      )}
    </section>
  );
}
