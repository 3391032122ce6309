import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SellerConfigBody } from '@auction/contracts';
import { SELLER_ASSIGNMENTS, type Market } from '@auction/domain';
import { useProfile, useServices } from '../../../ui/services-context.js';
import { MarketPicker } from './MarketPicker.js';
import { useSellersApi } from './sellers-api.js';
import './sellers.css';

/** The sellers back-office landing (`seller-management`): the market, its sellers and new seller, its seller configuration. */
export function SellerManagement() {
  const { t } = useTranslation('sellers');
  const profile = useProfile();
  // The caller's own market when it manages it, else the first it manages.
  const own = profile?.idMarket ?? 'IT';
  const managed = profile?.adminEnabledMarket ?? [];
  const [market, setMarket] = useState<Market>(managed.length === 0 || managed.includes(own) ? own : managed[0]!);
  return (
    <section aria-labelledby="seller-management-title" className="sellers">
      <h1 id="seller-management-title">{t('management.title')}</h1>
      <MarketPicker value={market} onChange={setMarket} />
      <nav aria-label={t('management.title')} className="seller-links">
        <Link to="/seller-list" search={{ market }} className="btn" data-testid="to-seller-list">{t('list.title')}</Link>
        <Link to="/create-seller" search={{ market }} className="btn btn-primary" data-testid="to-create-seller">{t('create.title')}</Link>
      </nav>
      <SellerConfigForm key={market} market={market} readOnly={profile?.readOnly === true} />
    </section>
  );
}

/** A market's seller configuration (`GET/POST /admin/seller-config`), react-hook-form on the contract's schema. */
function SellerConfigForm({ market, readOnly }: { readonly market: Market; readonly readOnly: boolean }) {
  const { t } = useTranslation('sellers');
  const api = useSellersApi();
  const { dialogs } = useServices();
  const form = useForm<SellerConfigBody>({ resolver: zodResolver(SellerConfigBody), defaultValues: { idMarket: market, assignBy: 'MANUAL', showToDealers: true } });
  const { register, handleSubmit, reset } = form;
  useEffect(() => {
    let live = true;
    api.config(market).then((config) => { if (live) reset(config); }, () => undefined);
    return () => { live = false; };
  }, [api, market, reset]);
  const save = async (body: SellerConfigBody) => {
    reset(await api.setConfig(body));
    void dialogs.success('sellers:config.saved');
  };
  return (
    <form noValidate onSubmit={(e) => void handleSubmit(save)(e).catch(() => undefined)} aria-labelledby="seller-config-title" data-testid="seller-config-form">
      <h2 id="seller-config-title">{t('config.title')}</h2>
      <label className="field">
        <span>{t('config.assignBy')}</span>
        <select {...register('assignBy')} disabled={readOnly} data-testid="seller-config-assign">
          {SELLER_ASSIGNMENTS.map((a) => <option key={a} value={a}>{t(`config.assign.${a}`)}</option>)}
        </select>
      </label>
      <label className="check">
        <input type="checkbox" {...register('showToDealers')} disabled={readOnly} data-testid="seller-config-show" />
        <span>{t('config.showToDealers')}</span>
      </label>
      <div className="dialog-actions">
        <button type="submit" className="btn btn-primary" disabled={readOnly} data-testid="seller-config-save">{t('form.save')}</button>
      </div>
    </form>
  );
}
