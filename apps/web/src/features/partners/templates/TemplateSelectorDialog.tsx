import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplateView } from '@auction/contracts';
import type { Market } from '@auction/domain';
import { useProfile } from '../../../ui/services-context.js';
import { ModalDialog } from '../../auctions/auctioneer/ModalDialog.js';
import { useLoaded } from '../../dealers/dealers/use-dealers.js';
import { sellableTemplates } from './template-form.js';
import { useTemplatesApi } from './templates-api.js';

/**
 * The template selector (spec 01 §2, spec 02: a required dropdown of templates by templateName, a close button; picking
 * one returns it): the enabled templates of `market` the caller sells through (`template-info` of the market, and a
 * multi-auctioneer's associated ones from `enabled-template`). `undefined`: closed without a choice.
 */
export function TemplateSelectorDialog({ market, current, onClose }: { readonly market: Market; readonly current: string | null; readonly onClose: (choice: TemplateView | undefined) => void }) {
  const { t } = useTranslation('templates');
  const api = useTemplatesApi();
  const profile = useProfile();
  const ids = useId();
  const roles = profile?.roles ?? [];
  const options = useLoaded(async () => {
    const [ofMarket, associated] = await Promise.all([api.ofMarket(market), roles.includes('MULTI_AUCTIONEER') ? api.enabled() : Promise.resolve([])]);
    return sellableTemplates({ roles, idDealer: profile?.idDealer ?? null, adminEnabledMarket: profile?.adminEnabledMarket ?? [] }, market, ofMarket, associated);
  }, market);
  const [picked, setPicked] = useState(current ?? '');
  const [missing, setMissing] = useState(false);
  const use = () => {
    const choice = options.status === 'ready' ? options.data.find((o) => o.idTemplate === picked) : undefined;
    if (!choice) { setMissing(true); return; }
    onClose(choice);
  };
  return (
    <ModalDialog title={t('selector.title')} testId="template-selector" onCancel={() => onClose(undefined)}>
      {options.status === 'loading' && <p className="muted" aria-busy="true">{t('list.loading')}</p>}
      {options.status === 'failed' && <p className="form-error">{t('list.failed')}</p>}
      {options.status === 'ready' && (options.data.length === 0
        ? <p className="muted" data-testid="template-selector-empty">{t('selector.none')}</p>
        : (
          <label className="field">
            <span>{t('selector.label')}<span aria-hidden="true"> *</span></span>
            <select
              value={picked} autoFocus required aria-required="true" aria-invalid={missing || undefined} aria-describedby={missing ? `${ids}-missing` : undefined}
              onChange={(e) => { setPicked(e.target.value); setMissing(false); }} data-testid="template-selector-select"
            >
              <option value="">{t('selector.placeholder')}</option>
              {options.data.map((o) => <option key={o.idTemplate} value={o.idTemplate}>{o.templateName}</option>)}
            </select>
            {missing && <span id={`${ids}-missing`} className="field-error">{t('selector.required')}</span>}
          </label>
        ))}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={() => onClose(undefined)} data-testid="template-selector-close">{t('selector.close')}</button>
        {options.status === 'ready' && options.data.length > 0 && (
          <button type="button" className="btn btn-primary" onClick={use} data-testid="template-selector-use">{t('selector.use')}</button>
        )}
      </div>
    </ModalDialog>
  );
}
