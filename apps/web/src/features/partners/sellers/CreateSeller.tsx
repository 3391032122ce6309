import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Market } from '@auction/domain';
import { useProfile, useServices } from '../../../ui/services-context.js';
import { useLoaded } from '../../dealers/dealers/use-dealers.js';
import { MarketPicker } from './MarketPicker.js';
import { SellerForm } from './SellerForm.js';
import { useSellersApi } from './sellers-api.js';
import './sellers.css';

/** `create-seller`: a new seller of a market the caller manages (`POST /admin/seller`); the codes others cover are marked. */
export function CreateSeller({ market: initial }: { readonly market: Market }) {
  const { t } = useTranslation('sellers');
  const api = useSellersApi();
  const { dialogs } = useServices();
  const profile = useProfile();
  const navigate = useNavigate();
  const [market, setMarket] = useState<Market>(initial);
  const taken = useLoaded(async () => {
    const [areas, carSold] = await Promise.all([api.selected(market, 'area'), api.selected(market, 'car-sold')]);
    return { areas: new Set(areas.items.map((i) => i.code)), carSold: new Set(carSold.items.map((i) => i.code)) };
  }, market);
  return (
    <section aria-labelledby="create-seller-title" className="sellers">
      <h1 id="create-seller-title">{t('create.title')}</h1>
      <MarketPicker value={market} onChange={setMarket} />
      <SellerForm
        key={market} market={market} seller={null} disabled={profile?.readOnly === true} taken={taken.status === 'ready' ? taken.data : undefined}
        onSubmit={async (values) => {
          const created = await api.create({ ...values, idMarket: market, email: values.email || undefined, phone: values.phone || undefined }).catch(() => null);
          if (!created) return;
          void dialogs.success('sellers:create.done', { name: `${created.name ?? ''} ${created.surname ?? ''}`.trim() });
          void navigate({ to: '/seller', search: { idSeller: created.idSeller } });
        }}
      />
    </section>
  );
}
