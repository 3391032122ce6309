import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTimeIn } from '@auction/i18n';
import type { SoldVehicle } from './showcase-api.js';
import { useMarketZone } from '../../ui/market-zone.js';
import { Money } from '../../ui/Money.js';
import { TimeZoneNote } from '../../ui/TimeZoneNote.js';

/** The sold list's choice, kept in the URL: which showcase and in which order. */
export interface SoldChoice {
  readonly idShowcase?: string;
  readonly sortField?: 'price' | 'soldAt' | 'licensePlate';
  readonly sortOrder?: 'asc' | 'desc';
}

const SORT_FIELDS = ['soldAt', 'price', 'licensePlate'] as const;

/**
 * The sold vehicles of one of the exhibitor's showcases (`GET sold/{idShowcase}`, the owner or an administrator):
 * a form to pick the showcase and the order, then plate, brand, model, price, buyer and sale time.
 */
export function SoldVehicles({ choice, rows, onChoose }: { choice: SoldChoice; rows: readonly SoldVehicle[] | null; onChoose: (c: SoldChoice) => void }) {
  const { t } = useTranslation('showcase');
  const zone = useMarketZone();
  const [form, setForm] = useState({ idShowcase: choice.idShowcase ?? '', sortField: choice.sortField ?? 'soldAt', sortOrder: choice.sortOrder ?? 'desc' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const idShowcase = form.idShowcase.trim();
    onChoose(idShowcase ? { idShowcase, sortField: form.sortField, sortOrder: form.sortOrder } : {});
  };
  return (
    <section aria-labelledby="sold-title">
      <h2 id="sold-title">{t('sold.exhibitor')}</h2>
      <form className="toolbar" onSubmit={submit} aria-labelledby="sold-title">
        <label className="field">
          <span>{t('sold.idShowcase')}</span>
          <input value={form.idShowcase} onChange={(e) => setForm({ ...form, idShowcase: e.target.value })} required pattern="[A-Za-z0-9_-]+" data-testid="sold-showcase" />
        </label>
        <label className="field">
          <span>{t('sold.sortField')}</span>
          <select value={form.sortField} onChange={(e) => setForm({ ...form, sortField: e.target.value as (typeof SORT_FIELDS)[number] })} data-testid="sold-sort-field">
            {SORT_FIELDS.map((f) => <option key={f} value={f}>{t(`columns.${f}`)}</option>)}
          </select>
        </label>
        <label className="field">
          <span>{t('sold.sortOrder')}</span>
          <select value={form.sortOrder} onChange={(e) => setForm({ ...form, sortOrder: e.target.value as 'asc' | 'desc' })} data-testid="sold-sort-order">
            <option value="desc">{t('sold.desc')}</option>
            <option value="asc">{t('sold.asc')}</option>
          </select>
        </label>
        <button type="submit" className="btn btn-primary" data-testid="sold-show">{t('sold.show')}</button>
      </form>
      {rows === null ? <p className="muted">{t('sold.chooseShowcase')}</p>
        : rows.length === 0 ? <p className="muted" data-testid="sold-empty">{t('sold.empty')}</p> : (
          <div className="table-wrap">
            <p><TimeZoneNote zone={zone} /></p>
            <table className="grid responsive" data-testid="sold-table">
              <thead>
                <tr>
                  <th scope="col">{t('columns.licensePlate')}</th>
                  <th scope="col">{t('columns.brand')}</th>
                  <th scope="col">{t('columns.model')}</th>
                  <th scope="col" className="num">{t('columns.price')}</th>
                  <th scope="col">{t('columns.buyer')}</th>
                  <th scope="col">{t('columns.soldAt')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.idVehicle} data-testid={`vehicle-${r.idVehicle}`}>
                    <td data-label={t('columns.licensePlate')}><span className="plate">{r.licensePlate}</span></td>
                    <td data-label={t('columns.brand')}>{r.brand}</td>
                    <td data-label={t('columns.model')}>{r.model}</td>
                    <td className="num" data-label={t('columns.price')}><Money value={r.price} /></td>
                    <td data-label={t('columns.buyer')}>{r.username}</td>
                    <td data-label={t('columns.soldAt')}><time dateTime={r.soldAt}>{formatDateTimeIn(r.soldAt, zone)}</time></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
    </section>
  );
}
