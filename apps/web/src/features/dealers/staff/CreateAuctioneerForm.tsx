import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKETS } from '@auction/domain';
import { ApiError } from '../../../api/http.js';
import { appLanguageOf } from '../../../i18n/i18n.js';
import { useServices } from '../../../ui/services-context.js';
import { optionsOf, type CodeOption } from '../../identity/registration/registration-api.js';
import { ReadOnlyNote } from '../dealers/ReadOnlyNote.js';
import { useDealerPowers, useDealersApi } from '../dealers/use-dealers.js';
import { AUCTIONEER_FIELDS, EMPTY_AUCTIONEER, auctioneerBody, type AuctioneerField, type AuctioneerValues } from './create-auctioneer.js';
import { marketLabel } from '../dealers/market-label.js';
import '../dealers/dealers.css';

/**
 * A new auctioneer (ADMIN): `POST /admin/dealer` creates the dealer, enabled, and mails its reference user a
 * first-password link; `PUT /admin/enable-auctioneer` (and `/enable-multi-auctioneer` when ticked) grants the role.
 */
export function CreateAuctioneerForm() {
  const { t, i18n } = useTranslation('dealers');
  const api = useDealersApi();
  const { dialogs, http } = useServices();
  const powers = useDealerPowers();
  const navigate = useNavigate();
  const [values, setValues] = useState<AuctioneerValues>(EMPTY_AUCTIONEER);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverIssues, setServerIssues] = useState<string[]>([]);
  const [regions, setRegions] = useState<readonly CodeOption[]>([]);
  // The portal language (pt, be, lu), not i18next's code for it (pt-PT, nl-BE, fr-LU): the code tables and the
  // country names know the former only (with the latter the regions call was refused and the names were English).
  const language = appLanguageOf(i18n);
  // The country's regions (COUNTRY_AREA), in the reader's language, as the registration form offers them.
  useEffect(() => {
    let live = true;
    http.get<Parameters<typeof optionsOf>[0]>('/api/v1/open/ct-elements-map', { query: { groupCodes: ['COUNTRY_AREA'], idMarkets: [values.country], lang: language }, noSpinner: true })
      .then((map) => { if (live) setRegions(optionsOf(map, 'COUNTRY_AREA', values.country)); }, () => { if (live) setRegions([]); });
    return () => { live = false; };
  }, [http, values.country, language]);
  const { body, issues: localIssues } = auctioneerBody(values);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!body || !powers.admin) return;
    setBusy(true);
    try {
      const created = await api.create(body);
      await api.setCapability('auctioneer', created.idDealer, true);
      if (values.multiAuctioneer) await api.setCapability('multiAuctioneer', created.idDealer, true);
      void dialogs.success('dealers:auctioneers.created', { name: body.businessName });
      void navigate({ to: '/auctioneer', search: { idDealer: created.idDealer } });
    } catch (error) {
      // The interceptor showed the error (numeric code → errors namespace); the fields the server named are marked.
      if (error instanceof ApiError) setServerIssues(error.details.map((d) => d.field));
    } finally {
      setBusy(false);
    }
  };
  const shown = (f: AuctioneerField) => (tried && localIssues.includes(f)) || serverIssues.includes(f);
  const field = (f: AuctioneerField) => (
    <label key={f} className="field">
      <span>{t(`fields.${f}`)}{f !== 'phone' && f !== 'region' && <span aria-hidden="true"> *</span>}</span>
      {f === 'country' ? (
        <select value={values.country} disabled={!powers.admin} onChange={(e) => setValues((v) => ({ ...v, country: e.target.value, region: '' }))} data-testid="auctioneer-country">
          {MARKETS.map((m) => <option key={m} value={m}>{marketLabel(m, t, language)}</option>)}
        </select>
      ) : f === 'region' ? (
        <select
          value={values.region} disabled={!powers.admin} onChange={(e) => { setServerIssues((i) => i.filter((x) => x !== 'region')); setValues((v) => ({ ...v, region: e.target.value })); }}
          aria-invalid={shown(f)} aria-describedby={shown(f) ? 'auctioneer-region-error' : undefined} data-testid="auctioneer-region"
        >
          <option value="">-</option>
          {regions.map((o) => <option key={o.elementCode} value={o.elementCode}>{o.elementDes}</option>)}
        </select>
      ) : (
        <input
          value={values[f]} required={f !== 'phone'} disabled={!powers.admin} type={f.toLowerCase().includes('email') ? 'email' : 'text'}
          onChange={(e) => { setServerIssues((i) => i.filter((x) => x !== f)); setValues((v) => ({ ...v, [f]: e.target.value })); }}
          aria-invalid={shown(f)} aria-describedby={shown(f) ? `auctioneer-${f}-error` : undefined} data-testid={`auctioneer-${f}`}
        />
      )}
      {shown(f) && <span id={`auctioneer-${f}-error`} className="field-error">{t('edit.invalid')}</span>}
    </label>
  );
  return (
    <section aria-labelledby="create-auctioneer-title">
      <h1 id="create-auctioneer-title">{t('auctioneers.create')}</h1>
      <ReadOnlyNote show={powers.readOnly} />
      {!powers.admin && !powers.readOnly && <p className="dealers-note">{t('auctioneers.adminOnly')}</p>}
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="create-auctioneer-form" aria-label={t('auctioneers.create')}>
        <div className="form-grid">{AUCTIONEER_FIELDS.map(field)}</div>
        <label className="checkbox-field">
          <input type="checkbox" checked={values.multiAuctioneer} disabled={!powers.admin} onChange={(e) => setValues((v) => ({ ...v, multiAuctioneer: e.target.checked }))} data-testid="auctioneer-multi" />
          {' '}{t('capabilities.multiAuctioneer')}
        </label>
        <div className="toolbar">
          <button type="submit" className="btn btn-primary" disabled={!powers.admin || busy} data-testid="auctioneer-submit">{t('auctioneers.submit')}</button>
        </div>
      </form>
    </section>
  );
}
