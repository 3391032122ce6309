import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useProfile, useServices } from '../../../ui/services-context.js';
import { useLoaded } from '../../dealers/dealers/use-dealers.js';
import { SellerForm } from './SellerForm.js';
import { sellerName, useSellersApi } from './sellers-api.js';
import './sellers.css';

/** `seller`: one seller, edited (`PUT /admin/seller`) or deleted (`DELETE /admin/seller`, ADMIN; refused while dealers have it). */
export function SellerPage({ idSeller }: { readonly idSeller: string }) {
  const { t } = useTranslation('sellers');
  const api = useSellersApi();
  const { dialogs } = useServices();
  const profile = useProfile();
  const navigate = useNavigate();
  const seller = useLoaded(() => api.get(idSeller), idSeller);
  if (seller.status === 'loading') return <p className="muted" aria-busy="true">{t('list.loading')}</p>;
  if (seller.status === 'failed') return <p className="form-error" data-testid="seller-missing">{t('edit.missing')} <Link to="/seller-management">{t('management.title')}</Link></p>;
  const s = seller.data;
  const remove = async () => {
    if (!(await dialogs.confirm('sellers:edit.confirmDelete', { name: sellerName(s) }, 'sellers:edit.delete'))) return;
    if ((await api.remove(idSeller).then(() => true, () => false))) void navigate({ to: '/seller-list', search: { market: s.idMarket } });
  };
  return (
    <section aria-labelledby="seller-title" className="sellers">
      <h1 id="seller-title">{t('edit.title')}: {sellerName(s)}</h1>
      <p>{t('fields.market')}: {s.idMarket} · {t('fields.dealersCount')}: <span data-testid="seller-dealers-count">{s.dealersCount}</span></p>
      <SellerForm
        market={s.idMarket} seller={s} disabled={profile?.readOnly === true}
        onSubmit={async (values) => {
          const { idMarket: _market, ...fields } = values;
          const saved = await api.edit({ idSeller, ...fields }).catch(() => null);
          if (saved) { void dialogs.success('sellers:edit.done', { name: sellerName(saved) }); seller.reload(); }
        }}
      />
      {profile?.roles.includes('ADMIN') && profile.readOnly !== true && (
        <button type="button" className="btn btn-danger" onClick={() => void remove()} data-testid="seller-delete">{t('edit.delete')}</button>
      )}
    </section>
  );
}
