import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Market } from '@auction/domain';
import { useServices } from '../../../ui/services-context.js';
import { useLoaded } from '../../dealers/dealers/use-dealers.js';
import { SellerSelectorDialog, type SellerChoice } from './SellerSelectorDialog.js';
import { sellerName, useSellersApi } from './sellers-api.js';
import './sellers.css';

/** A dealer's reference seller on its back-office page, changed through the seller selector (`POST /admin/associate-seller-dealer`). */
export function DealerSellerPanel({ idDealer, market, readOnly }: { readonly idDealer: string; readonly market: Market; readonly readOnly: boolean }) {
  const { t } = useTranslation('sellers');
  const api = useSellersApi();
  const { dialogs } = useServices();
  const reference = useLoaded(() => api.reference(idDealer), idDealer);
  const [open, setOpen] = useState(false);
  const current = reference.status === 'ready' ? reference.data.seller : null;
  const chosen = async (choice: SellerChoice) => {
    setOpen(false);
    if (choice === undefined) return;
    const done = await api.associate({ idDealer, idSeller: choice?.idSeller ?? null }).then(() => true, () => false);
    if (done) { void dialogs.success('sellers:dealer.done', { name: choice ? sellerName(choice) : t('selector.none') }); reference.reload(); }
  };
  return (
    <section aria-labelledby={`dealer-seller-${idDealer}`} className="sellers" data-testid="dealer-seller">
      <h2 id={`dealer-seller-${idDealer}`}>{t('dealer.title')}</h2>
      <p data-testid="dealer-seller-name">{reference.status === 'ready' ? (current ? sellerName(current) : t('dealer.none')) : '…'}</p>
      {!readOnly && <button type="button" className="btn" onClick={() => setOpen(true)} data-testid="dealer-seller-change">{t('dealer.change')}</button>}
      {open && <SellerSelectorDialog market={market} current={current?.idSeller ?? null} onClose={(c) => void chosen(c)} />}
    </section>
  );
}
