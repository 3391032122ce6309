import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useFieldArray, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MARKETS } from '@auction/domain';
import type { StockShowcaseRequest, VehicleCard } from '@auction/contracts';
import { useProfile, useServices } from '../../ui/services-context.js';
import { VehiclePicker } from '../auctions/auctioneer/VehiclePicker.js';
import { PickedVehicleRows } from '../vehicles/PickedVehicleRows.js';
import { TemplateChoice, type TemplatePick } from '../partners/templates/TemplateChoice.js';
import { ShowcaseFormSchema, listErrorKey, newRows, type ShowcaseForm } from './create-showcase-form.js';
import './showcase.css';

/**
 * The create-showcase form: the market and vehicles picked from the stock (the auctions' picker, on the showcase's
 * list), each with its price. A react-hook-form form on the contract's `StockShowcaseRequest` (`ShowcaseFormSchema`);
 * a refused price shows its message beside its row. The API puts every vehicle in or none; on success the exhibitor's
 * showcase management opens.
 */
export function CreateShowcaseForm() {
  const { t } = useTranslation('showcase');
  const { showcase } = useServices();
  const profile = useProfile();
  const navigate = useNavigate();
  const { register, control, handleSubmit, clearErrors, getValues, setValue, watch, formState: { errors, isSubmitting, submitCount } } = useForm<ShowcaseForm, unknown, StockShowcaseRequest>({
    resolver: zodResolver(ShowcaseFormSchema), defaultValues: { idMarket: profile?.idMarket ?? 'IT', idTemplate: '', vehicles: [] }, shouldFocusError: false,
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'vehicles', keyName: 'key' });
  const [picking, setPicking] = useState(false);
  // The channel: a template of the showcase's market picked with the selector (sent as idTemplate), or the default one.
  const [template, setTemplate] = useState<TemplatePick>(null);
  const market = watch('idMarket');
  const pickTemplate = (pick: TemplatePick) => { setTemplate(pick); setValue('idTemplate', pick?.idTemplate ?? ''); };
  const idempotencyKey = useRef(crypto.randomUUID());
  const alertRef = useRef<HTMLParagraphElement>(null);

  const addVehicles = (picked: VehicleCard[]) => {
    setPicking(false);
    append(newRows(getValues('vehicles'), picked));
  };
  const removeRow = (index: number) => {
    remove(index);
    clearErrors();
  };
  const send = async (request: StockShowcaseRequest) => {
    try {
      await showcase.create(request, idempotencyKey.current);
      await navigate({ to: '/showcase-management' });
    } catch {
      // The refusal is in the error popup (its code's text); a new attempt is a new showcase.
      idempotencyKey.current = crypto.randomUUID();
    }
  };
  const refused = () => requestAnimationFrame(() => alertRef.current?.focus());
  // A refusal of the whole list sits on `vehicles` (no row yet) or on its `root` (rows there).
  const listError = (errors.vehicles?.root ?? (errors.vehicles as FieldError | undefined)) as FieldError | undefined;
  const hasErrors = submitCount > 0 && Object.keys(errors).length > 0;

  return (
    <>
      <form onSubmit={(e) => void handleSubmit(send, refused)(e)} noValidate data-testid="create-showcase-form" aria-busy={isSubmitting || undefined}>
        {hasErrors && <p className="field-error" role="alert" tabIndex={-1} ref={alertRef} data-testid="form-errors">{t('createShowcase.fix')}</p>}
        <label className="field">
          <span>{t('createShowcase.market')}</span>
          <select {...register('idMarket', { onChange: () => pickTemplate(null) })} data-testid="showcase-market">
            {MARKETS.map((m) => <option key={m} value={m}>{m}</option>)}
          </select>
        </label>
        <TemplateChoice market={market} value={template} onChange={pickTemplate} />
        <h2>{t('createShowcase.vehicles')}</h2>
        {listError?.type && <p className="field-error" id="vehicles-error">{t(`createShowcase.errors.${listErrorKey(listError.type)}`)}</p>}
        {fields.length === 0
          ? <p className="muted" data-testid="showcase-no-vehicles">{t('createShowcase.none')}</p>
          : (
            <div className="table-wrap">
              <table className="grid responsive" data-testid="showcase-rows">
                <caption className="visually-hidden">{t('createShowcase.vehicles')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('columns.licensePlate')}</th>
                    <th scope="col">{t('createShowcase.vehicle')}</th>
                    <th scope="col">{t('createShowcase.price')}</th>
                    <th scope="col"><span className="visually-hidden">{t('columns.actions')}</span></th>
                  </tr>
                </thead>
                <PickedVehicleRows
                  rows={fields} rowKey={(r) => r.key} rowTestId={(r) => `showcase-row-${r.vehicle.idVehicle}`}
                  picked={(r) => ({ licensePlate: r.vehicle.licensePlate, cover: r.vehicle.photos[0] ?? null })} vehicleLabel={t('columns.licensePlate')}
                  cells={(r, i) => {
                    const path = `vehicles.${i}.price` as const;
                    const error = errors.vehicles?.[i]?.price;
                    return (
                      <>
                        <td data-label={t('createShowcase.vehicle')}>{`${r.vehicle.brand} ${r.vehicle.model}`}</td>
                        <td data-label={t('createShowcase.price')}>
                          <input
                            {...register(path)} inputMode="decimal" autoComplete="off" maxLength={20}
                            aria-label={t('createShowcase.priceOf', { plate: r.vehicle.licensePlate })} aria-invalid={error ? true : undefined}
                            aria-describedby={error ? `${path}-error` : undefined} data-testid={`showcase-price-${r.vehicle.idVehicle}`}
                          />
                          {error && <p className="field-error" id={`${path}-error`}>{t('createShowcase.errors.price')}</p>}
                        </td>
                      </>
                    );
                  }}
                  removal={{
                    text: t('createShowcase.remove'), label: (r) => t('createShowcase.removeVehicle', { plate: r.vehicle.licensePlate }), onRemove: removeRow,
                  }}
                />
              </table>
            </div>
          )}
        <div className="toolbar">
          <button type="button" className="btn" onClick={() => setPicking(true)} data-testid="pick-vehicles">{t('createShowcase.pick')}</button>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting} data-testid="create-showcase-submit">{t('createShowcase.submit')}</button>
        </div>
      </form>
      {/* Outside the form: the picker's own search form must not be nested in it (its submit would reach this form). */}
      {picking && (
        <VehiclePicker taken={new Set(fields.map((r) => r.vehicle.idVehicle))} onClose={addVehicles} load={showcase.vehiclesForShowcase} />
      )}
    </>
  );
}
