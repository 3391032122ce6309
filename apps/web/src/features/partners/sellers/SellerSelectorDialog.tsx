import { useTranslation } from 'react-i18next';
import type { SellerView } from '@auction/contracts';
import type { Market } from '@auction/domain';
import { ModalDialog } from '../../auctions/auctioneer/ModalDialog.js';
import { useLoaded } from '../../dealers/dealers/use-dealers.js';
import { sellerName, useSellersApi } from './sellers-api.js';

/** What the selector answers: a seller, `null` for "no seller", `undefined` when closed without a choice. */
export type SellerChoice = SellerView | null | undefined;

/**
 * The seller selector (spec 01 §2: chips of seller name and surname): the market's sellers (the first 100 by surname,
 * from the server), one chip each; choosing one closes the dialog with it.
 */
export function SellerSelectorDialog({ market, current, onClose }: { readonly market: Market; readonly current: string | null; readonly onClose: (choice: SellerChoice) => void }) {
  const { t } = useTranslation('sellers');
  const api = useSellersApi();
  const sellers = useLoaded(() => api.page({ market, limit: 100, offset: 0, sortField: 'surname', sortOrder: 'asc' }), market);
  return (
    <ModalDialog title={t('selector.title')} testId="seller-selector" onCancel={() => onClose(undefined)}>
      {sellers.status === 'loading' && <p className="muted" aria-busy="true">{t('list.loading')}</p>}
      {sellers.status === 'ready' && (
        <ul className="seller-chips" aria-label={t('selector.title')}>
          {sellers.data.items.map((s, i) => (
            <li key={s.idSeller}>
              <button
                type="button" className="btn" aria-pressed={s.idSeller === current} autoFocus={i === 0} onClick={() => onClose(s)}
                data-testid={`seller-chip-${s.idSeller}`}
              >{sellerName(s)}</button>
            </li>
          ))}
          {sellers.data.items.length === 0 && <li className="muted">{t('list.empty')}</li>}
        </ul>
      )}
      <div className="dialog-actions">
        {current && <button type="button" className="btn" onClick={() => onClose(null)} data-testid="seller-chip-none">{t('selector.none')}</button>}
        <button type="button" className="btn" onClick={() => onClose(undefined)} data-testid="seller-selector-close">{t('selector.close')}</button>
      </div>
    </ModalDialog>
  );
}
