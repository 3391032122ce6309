import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserBuyerTemplate } from '@auction/contracts';
import type { Market } from '@auction/domain';
import { appLanguageOf } from '../../../i18n/i18n.js';
import { useProfile, useServices } from '../../../ui/services-context.js';
import { marketLabel } from '../../dealers/dealers/market-label.js';
import { useLoaded, useOneAtATime } from '../../dealers/dealers/use-dealers.js';
import { templatePowers } from './template-powers.js';
import { useTemplatesApi } from './templates-api.js';
import './templates.css';

/**
 * `user-template`: for a dealer's user (`idUser`), the templates of its dealer's market and those its dealer is enabled
 * for, each a switch (`GET/PUT /admin/user-buyer-template`): its dealer's users see the template's auctions and showcases
 * or not. ADMIN changes; CUSTOMER_CENTER and read-only users see.
 */
export function UserTemplate({ idUser }: { readonly idUser?: string }) {
  const { t, i18n } = useTranslation('templates');
  const { t: tc } = useTranslation('common');
  const api = useTemplatesApi();
  const { dialogs } = useServices();
  const navigate = useNavigate();
  const powers = templatePowers(useProfile());
  const [typed, setTyped] = useState(idUser ?? '');
  const [changed, setChanged] = useState<UserBuyerTemplate | null>(null);
  const loaded = useLoaded(() => (idUser ? api.userTemplates(idUser) : Promise.resolve(null)), idUser ?? '');
  const { busy, run } = useOneAtATime();
  const data = changed?.idUser === idUser && changed ? changed : loaded.status === 'ready' ? loaded.data : null;
  const toggle = (idTemplate: string, name: string, flgEnabled: boolean) => run(async () => {
    if (!idUser) return;
    const answer = await api.setUserTemplate({ idUser, idTemplate, flgEnabled }).catch(() => null);
    if (!answer) return;
    setChanged(answer);
    void dialogs.success(flgEnabled ? 'templates:user.enabledDone' : 'templates:user.disabledDone', { name });
  });
  return (
    <section aria-labelledby="user-template-title" className="templates">
      <div className="page-head">
        <h1 id="user-template-title">{t('user.title')}</h1>
        {idUser && <Link to="/user-edit/$idUser" params={{ idUser }} data-testid="user-template-back">{t('user.back')}</Link>}
      </div>
      <p className="muted">{t('user.intro')}</p>
      <form className="template-filters" role="search" aria-label={t('user.pick')} onSubmit={(e) => { e.preventDefault(); if (typed.trim()) void navigate({ to: '/user-template', search: { idUser: typed.trim() } }); }}>
        <label className="field">
          <span>{t('user.idUser')}</span>
          <input value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={64} autoComplete="off" data-testid="user-template-id" />
        </label>
        <button type="submit" className="btn" data-testid="user-template-open">{t('user.pick')}</button>
      </form>
      {idUser && loaded.status === 'loading' && <p className="muted" aria-busy="true">{t('list.loading')}</p>}
      {idUser && loaded.status === 'failed' && <p className="form-error">{t('user.failed')}</p>}
      {data && (
        <>
          <p data-testid="user-template-dealer">{t('user.dealer', { idDealer: data.idDealer })}</p>
          {data.templates.length === 0
            ? <p className="muted" data-testid="user-template-empty">{t('user.empty')}</p>
            : (
              <ul className="template-toggles" aria-label={t('user.title')} data-testid="user-template-list">
                {data.templates.map((tpl) => (
                  <li key={tpl.idTemplate}>
                    <label className="check">
                      <input
                        type="checkbox" role="switch" checked={tpl.flgEnabled} disabled={!powers.enable} aria-disabled={busy || undefined}
                        onChange={(e) => void toggle(tpl.idTemplate, tpl.templateName, e.target.checked)} data-testid={`user-template-${tpl.idTemplate}`}
                      />
                      <span>{tpl.templateName} ({marketLabel(tpl.idMarket as Market, tc, appLanguageOf(i18n))})</span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
        </>
      )}
    </section>
  );
}
