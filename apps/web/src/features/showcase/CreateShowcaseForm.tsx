import { useNavigate } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKETS } from '@auction/domain';
import type { VehicleCard } from '@auction/contracts';
import { useProfile, useServices } from '../../ui/services-context.js';
import { VehiclePicker } from '../auctions/auctioneer/VehiclePicker.js';
import { vehicleThumbUrl } from '../auctions/auctioneer/LotsEditor.js';
import { addPicked, toShowcaseRequest, type ShowcaseFieldErrors, type ShowcaseForm } from './create-showcase-form.js';
import './showcase.css';

/**
 * The create-showcase form: the market and vehicles picked from the stock (the auctions' picker, on the showcase's
 * list), each with its price. Checked with the contract's `StockShowcaseRequest` before sending; a refused price shows
 * its message beside its row. The API puts every vehicle in or none; on success the exhibitor's showcase management opens.
 */
export function CreateShowcaseForm() {
  const { t } = useTranslation('showcase');
  const { showcase } = useServices();
  const profile = useProfile();
  const navigate = useNavigate();
  const [form, setForm] = useState<ShowcaseForm>({ idMarket: profile?.idMarket ?? 'IT', rows: [] });
  const [errors, setErrors] = useState<ShowcaseFieldErrors>({});
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const idempotencyKey = useRef(crypto.randomUUID());
  const alertRef = useRef<HTMLParagraphElement>(null);

  const addVehicles = (picked: VehicleCard[]) => {
    setPicking(false);
    setForm((f) => addPicked(f, picked));
  };
  const setPrice = (index: number, price: string) => setForm((f) => ({ ...f, rows: f.rows.map((r, i) => (i === index ? { ...r, price } : r)) }));
  const remove = (index: number) => {
    setForm((f) => ({ ...f, rows: f.rows.filter((_, i) => i !== index) }));
    setErrors({});
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = toShowcaseRequest(form);
    if (!result.ok) {
      setErrors(result.errors);
      requestAnimationFrame(() => alertRef.current?.focus());
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await showcase.create(result.request, idempotencyKey.current);
      await navigate({ to: '/showcase-management' });
    } catch {
      // The refusal is in the error popup (its code's text); a new attempt is a new showcase.
      idempotencyKey.current = crypto.randomUUID();
    } finally {
      setBusy(false);
    }
  };
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <>
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="create-showcase-form" aria-busy={busy || undefined}>
        {hasErrors && <p className="field-error" role="alert" tabIndex={-1} ref={alertRef} data-testid="form-errors">{t('createShowcase.fix')}</p>}
        <label className="field">
          <span>{t('createShowcase.market')}</span>
          <select value={form.idMarket} onChange={(e) => setForm({ ...form, idMarket: e.target.value as ShowcaseForm['idMarket'] })} data-testid="showcase-market">
            {MARKETS.map((m) => <option key={m} value={m}>{m}</option>)}
          </select>
        </label>
        <h2>{t('createShowcase.vehicles')}</h2>
        {errors['vehicles'] && <p className="field-error" id="vehicles-error">{t(`createShowcase.errors.${errors['vehicles']}`)}</p>}
        {form.rows.length === 0
          ? <p className="muted" data-testid="showcase-no-vehicles">{t('createShowcase.none')}</p>
          : (
            <div className="table-wrap">
              <table className="grid responsive" data-testid="showcase-rows">
                <caption className="visually-hidden">{t('createShowcase.vehicles')}</caption>
                <thead>
                  <tr>
                    <th scope="col"><span className="visually-hidden">{t('columns.photo')}</span></th>
                    <th scope="col">{t('columns.licensePlate')}</th>
                    <th scope="col">{t('createShowcase.vehicle')}</th>
                    <th scope="col">{t('createShowcase.price')}</th>
                    <th scope="col"><span className="visually-hidden">{t('columns.actions')}</span></th>
                  </tr>
                </thead>
                <tbody>
                  {form.rows.map((r, i) => {
                    const path = `vehicles.${i}.price`;
                    const error = errors[path];
                    const label = `${r.vehicle.brand} ${r.vehicle.model}`;
                    return (
                      <tr key={r.vehicle.idVehicle} data-testid={`showcase-row-${r.vehicle.idVehicle}`}>
                        <td className="photo-cell">
                          {r.vehicle.photos[0]
                            ? <img src={vehicleThumbUrl(r.vehicle.photos[0])} alt="" width={96} height={64} className="showcase-thumb" />
                            : <span className="showcase-thumb" aria-hidden="true" />}
                        </td>
                        <td data-label={t('columns.licensePlate')}><span className="plate">{r.vehicle.licensePlate}</span></td>
                        <td data-label={t('createShowcase.vehicle')}>{label}</td>
                        <td data-label={t('createShowcase.price')}>
                          <input
                            value={r.price} onChange={(e) => setPrice(i, e.target.value)} inputMode="decimal" autoComplete="off" maxLength={20}
                            aria-label={t('createShowcase.priceOf', { plate: r.vehicle.licensePlate })} aria-invalid={error ? true : undefined}
                            aria-describedby={error ? `${path}-error` : undefined} data-testid={`showcase-price-${r.vehicle.idVehicle}`}
                          />
                          {error && <p className="field-error" id={`${path}-error`}>{t(`createShowcase.errors.${error}`)}</p>}
                        </td>
                        <td>
                          <button type="button" className="btn btn-small" onClick={() => remove(i)} aria-label={t('createShowcase.removeVehicle', { plate: r.vehicle.licensePlate })}>
                            {t('createShowcase.remove')}
                          </button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        <div className="toolbar">
          <button type="button" className="btn" onClick={() => setPicking(true)} data-testid="pick-vehicles">{t('createShowcase.pick')}</button>
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="create-showcase-submit">{t('createShowcase.submit')}</button>
        </div>
      </form>
      {/* Outside the form: the picker's own search form must not be nested in it (its submit would reach this form). */}
      {picking && (
        <VehiclePicker taken={new Set(form.rows.map((r) => r.vehicle.idVehicle))} onClose={addVehicles} load={showcase.vehiclesForShowcase} />
      )}
    </>
  );
}
