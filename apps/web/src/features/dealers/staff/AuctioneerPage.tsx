import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDealerDetail } from '@auction/contracts';
import { DEALER_CAPABILITIES } from '@auction/domain';
import { useServices } from '../../../ui/services-context.js';
import { DealerEditForm } from '../dealers/DealerEditForm.js';
import { ReadOnlyNote } from '../dealers/ReadOnlyNote.js';
import { useDealerPowers, useDealersApi, useLoaded, useOneAtATime } from '../dealers/use-dealers.js';
import '../dealers/dealers.css';

/**
 * An auctioneer (a dealer with the auctioneer capability): its data, reference user and partner roles (`auctioneer`
 * route), or the same page in edit mode (`edit-auctioneer`): business data and the auctioneer / multi-auctioneer /
 * exhibitor switches (ADMIN).
 */
export function AuctioneerPage({ idDealer, editing }: { readonly idDealer: string; readonly editing: boolean }) {
  const { t } = useTranslation('dealers');
  const api = useDealersApi();
  const dealer = useLoaded(() => api.get(idDealer), idDealer);
  const reference = useLoaded(() => api.reference(idDealer), idDealer);
  if (dealer.status === 'loading') return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  if (dealer.status === 'failed') return <p className="form-error" data-testid="auctioneer-failed">{t('common.failed')}</p>;
  const ref = reference.status === 'ready' ? reference.data : null;
  return (
    <article aria-labelledby="auctioneer-title" data-testid="auctioneer-page">
      <div className="page-head">
        <h1 id="auctioneer-title">{dealer.data.businessName ?? dealer.data.sincom}</h1>
        {editing
          ? <Link to="/auctioneer" search={{ idDealer }} className="btn" data-testid="auctioneer-view">{t('auctioneers.view')}</Link>
          : <Link to="/edit-auctioneer" search={{ idDealer }} className="btn" data-testid="auctioneer-edit">{t('auctioneers.edit')}</Link>}
      </div>
      <dl className="dealer-facts">
        <dt>{t('fields.idDealer')}</dt><dd>{dealer.data.sincom}</dd>
        <dt>{t('fields.status')}</dt><dd>{t(`status.${dealer.data.status}`)}</dd>
        <dt>{t('fields.vatCode')}</dt><dd>{dealer.data.vatCode ?? '—'}</dd>
        <dt>{t('fields.email')}</dt><dd>{dealer.data.email ?? '—'}</dd>
        <dt>{t('fields.reference')}</dt><dd data-testid="auctioneer-reference">{ref ? [ref.name, ref.surname, ref.username].filter(Boolean).join(' ') || '—' : '…'}</dd>
      </dl>
      <p>
        <Link to="/dealer/$idDealer" params={{ idDealer }} data-testid="auctioneer-dealer-page">{t('auctioneers.dealerPage')}</Link>
      </p>
      {editing ? <AuctioneerEdit dealer={dealer.data} onChanged={dealer.reload} /> : (
        <p data-testid="auctioneer-capabilities">
          {DEALER_CAPABILITIES.filter((c) => dealer.data.capabilities[c]).map((c) => t(`capabilities.${c}`)).join(', ') || t('detail.noCapabilities')}
        </p>
      )}
    </article>
  );
}

function AuctioneerEdit({ dealer, onChanged }: { readonly dealer: AdminDealerDetail; readonly onChanged: () => void }) {
  const { t } = useTranslation('dealers');
  const api = useDealersApi();
  const { dialogs } = useServices();
  const powers = useDealerPowers();
  const [form, setForm] = useState(0);
  const name = dealer.businessName ?? dealer.sincom;
  const action = useOneAtATime();
  const set = (capability: (typeof DEALER_CAPABILITIES)[number], on: boolean) => action.run(async () => {
    const ok = await api.setCapability(capability, dealer.idDealer, on).then(() => true, () => false);
    if (ok) { void dialogs.success('dealers:detail.capabilityChanged', { name }); onChanged(); }
  });
  return (
    <>
      <ReadOnlyNote show={powers.readOnly} />
      <section aria-labelledby="auctioneer-caps-title" className="dealer-section">
        <h2 id="auctioneer-caps-title">{t('detail.capabilities')}</h2>
        <fieldset className="capabilities">
          <legend className="visually-hidden">{t('detail.capabilities')}</legend>
          {DEALER_CAPABILITIES.map((c) => (
            <label key={c}>
              <input type="checkbox" checked={dealer.capabilities[c]} disabled={!powers.admin} aria-disabled={action.busy || undefined} onChange={(e) => void set(c, e.target.checked)} data-testid={`auctioneer-capability-${c}`} />
              {t(`capabilities.${c}`)}
            </label>
          ))}
        </fieldset>
      </section>
      <section aria-labelledby="auctioneer-data-title" className="dealer-section">
        <h2 id="auctioneer-data-title">{t('edit.title')}</h2>
        <DealerEditForm
          key={form} dealer={dealer} disabled={!powers.change}
          onCancel={() => setForm((f) => f + 1)}
          onSaved={() => { void dialogs.success('dealers:edit.saved', { name }); onChanged(); setForm((f) => f + 1); }}
        />
      </section>
    </>
  );
}
