import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AUCTION_TYPES, MARKETS, type AuctionType, type Market } from '@auction/domain';
import { timeZoneOfMarket } from '@auction/i18n';
import { useProfile, useServices } from '../../../ui/services-context.js';
import { TimeZoneNote } from '../../../ui/TimeZoneNote.js';
import type { AuctionView, VehicleCard } from '@auction/contracts';
import {
  addVehicleLots, auctionFormOf, emptyLot, errorsStillShown, initialAuctionForm, toCreateAuctionRequest, withChannel, type AuctionForm, type FieldErrors, type LotForm,
} from './create-auction-form.js';
import { DateTimePicker } from './DateTimePicker.js';
import { LotsEditor } from './LotsEditor.js';
import { VehiclePicker } from './VehiclePicker.js';
import { TemplateChoice, type TemplatePick } from '../../partners/templates/TemplateChoice.js';
import './auctioneer.css';

/** A labelled control with its error under it. */
function Field({ label, error, errorId, children }: { label: string; error?: string; errorId: string; children: ReactNode }) {
  return (
    <div className="field-group">
      <label className="field">
        <span>{label}</span>
        {children}
      </label>
      {error && <p className="field-error" id={errorId}>{error}</p>}
    </div>
  );
}

/**
 * The create-auction form: name, market, type, regulation, extension, start and end (DD/MM/YYYY and 24-hour
 * pickers) and the lots. It is checked with the contract's `CreateAuctionRequest` before sending; refused fields
 * show their error. On success it goes to the new auction's page. Given `editing` (a scheduled auction with all its
 * lots), it is the spec's `auction` screen: the same form filled with the auction, sent as `PUT /auction`; its lots
 * keep their ids (and offers), a row removed is a lot removed.
 */
export function CreateAuctionForm({ editing }: { editing?: AuctionView } = {}) {
  const { t } = useTranslation('auctioneer');
  const { api, clock, dialogs } = useServices();
  const profile = useProfile();
  const navigate = useNavigate();
  const [form, setForm] = useState<AuctionForm>(() =>
    editing ? auctionFormOf(editing) : initialAuctionForm(clock.now(), profile?.idMarket ?? 'IT'));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const nextKey = useRef(1);
  const [lotKeys, setLotKeys] = useState<number[]>(() => form.lots.map(() => nextKey.current++));
  const alertRef = useRef<HTMLParagraphElement>(null);
  // A message goes as soon as its field is valid, without waiting for the next submit.
  useEffect(() => setErrors((shown) => errorsStillShown(shown, form)), [form]);

  const update = (patch: Partial<AuctionForm>) => setForm((f) => ({ ...f, ...patch }));
  const message = (path: string) => (errors[path] ? t(`fieldErrors.${errors[path]}`) : undefined);
  const described = (path: string) => (errors[path] ? { 'aria-invalid': true, 'aria-describedby': `${path}-error` } : {});
  const changeLot = (index: number, patch: Partial<LotForm>) =>
    setForm((f) => ({ ...f, lots: f.lots.map((l, i) => (i === index ? { ...l, ...patch } : l)) }));
  const addLot = () => {
    setForm((f) => ({ ...f, lots: [...f.lots, emptyLot()] }));
    setLotKeys((k) => [...k, nextKey.current++]);
  };
  const [picking, setPicking] = useState(false);
  // The channel (sent as idTemplate): a template picked with the selector, else the default channel. Editing, it starts as
  // the auction's own (its name read by the choice) and is always sent: the default channel moves the auction back to every dealer.
  const [template, setTemplate] = useState<TemplatePick>(() => (editing?.idTemplate ? { idTemplate: editing.idTemplate, templateName: '' } : null));
  // Picked vehicles become lots at the end (an untouched blank row gives way); each row keeps a stable key.
  const addVehicles = (vehicles: VehicleCard[]) => {
    setPicking(false);
    if (vehicles.length === 0) return;
    const lots = addVehicleLots(form.lots, vehicles);
    const kept = form.lots.filter((l) => lots.includes(l));
    setLotKeys((k) => [...k.filter((_, i) => kept.includes(form.lots[i]!)), ...lots.slice(kept.length).map(() => nextKey.current++)]);
    setForm((f) => ({ ...f, lots }));
  };
  const removeLot = (index: number) => {
    setForm((f) => ({ ...f, lots: f.lots.filter((_, i) => i !== index) }));
    setLotKeys((k) => k.filter((_, i) => i !== index));
    setErrors({});
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = toCreateAuctionRequest(form);
    if (!result.ok) {
      setErrors(result.errors);
      requestAnimationFrame(() => alertRef.current?.focus());
      return;
    }
    setErrors({});
    setBusy(true);
    const request = withChannel(result.request, template?.idTemplate ?? null, editing !== undefined);
    try {
      const auction = editing
        ? await api.editAuction({ ...request, idAuction: editing.idAuction })
        : await api.createAuction(request);
      await navigate({ to: '/auction-details/$idAuction', params: { idAuction: auction.idAuction } });
      void dialogs.success(editing ? 'auctioneer:outcome.edited' : 'auctioneer:outcome.created', { name: auction.auctionName });
    } catch {
      setBusy(false); // the HTTP client showed the error dialog
    }
  };

  const invalid = Object.keys(errors).length > 0;
  return (
    <>
      <form className="create-auction" onSubmit={(e) => void submit(e)} noValidate data-testid="create-auction-form">
        {invalid && <p className="form-error" role="alert" tabIndex={-1} ref={alertRef} data-testid="create-auction-invalid">{t('create.invalid')}</p>}
        <fieldset className="card form-grid">
          <legend>{t('create.general')}</legend>
          <Field label={t('create.name')} error={message('auctionName')} errorId="auctionName-error">
            <input value={form.auctionName} onChange={(e) => update({ auctionName: e.target.value })} maxLength={120} required {...described('auctionName')} data-testid="auction-name" />
          </Field>
          <Field label={t('create.market')} error={message('idMarket')} errorId="idMarket-error">
            <select value={form.idMarket} onChange={(e) => { update({ idMarket: e.target.value }); setTemplate(null); }} {...described('idMarket')} data-testid="auction-market">
              {MARKETS.map((m) => <option key={m} value={m}>{m}</option>)}
            </select>
          </Field>
          <Field label={t('create.type')} error={message('auctionType')} errorId="auctionType-error">
            <select value={form.auctionType} onChange={(e) => update({ auctionType: e.target.value as AuctionType })} data-testid="auction-type">
              {AUCTION_TYPES.map((type) => <option key={type} value={type}>{t(`types.${type}`)}</option>)}
            </select>
          </Field>
          <label className="checkbox-field">
            <input type="checkbox" checked={form.regulationRequired} onChange={(e) => update({ regulationRequired: e.target.checked })} data-testid="auction-regulation" />
            <span>{t('create.regulationRequired')}</span>
          </label>
        </fieldset>
        <TemplateChoice market={form.idMarket as Market} value={template} onChange={setTemplate} {...(editing ? { current: editing.idTemplate } : {})} />
        <fieldset className="card form-grid">
          <legend>{t('create.extension')}</legend>
          <Field label={t('create.windowSeconds')} error={message('extension.windowSeconds')} errorId="extension.windowSeconds-error">
            <input type="number" min={0} max={3600} step={1} value={form.windowSeconds} onChange={(e) => update({ windowSeconds: e.target.value })} {...described('extension.windowSeconds')} data-testid="auction-window-seconds" />
          </Field>
          <Field label={t('create.extendSeconds')} error={message('extension.extendSeconds')} errorId="extension.extendSeconds-error">
            <input type="number" min={0} max={3600} step={1} value={form.extendSeconds} onChange={(e) => update({ extendSeconds: e.target.value })} {...described('extension.extendSeconds')} data-testid="auction-extend-seconds" />
          </Field>
          <p className="muted">{t('create.extensionHint')}</p>
        </fieldset>
        <div className="card form-grid">
          {/* The start and end are typed on the chosen market's clock, whatever the browser's zone. */}
          <p className="form-note"><TimeZoneNote zone={timeZoneOfMarket(form.idMarket)} testId="auction-zone" /></p>
          <DateTimePicker testIdPrefix="start" legend={t('create.start')} value={form.start} onChange={(start) => update({ start })} error={message('startDate')} />
          <DateTimePicker testIdPrefix="end" legend={t('create.end')} value={form.end} onChange={(end) => update({ end })} error={message('endDate')} />
        </div>
        <LotsEditor lots={form.lots} keys={lotKeys} errors={errors} onChange={changeLot} onAdd={addLot} onRemove={removeLot} onPick={() => setPicking(true)} />
        <div className="toolbar form-actions">
          {editing
            ? <Link to="/auction-details/$idAuction" params={{ idAuction: editing.idAuction }} className="btn">{t('create.cancel')}</Link>
            : <Link to="/auction-management" className="btn">{t('create.cancel')}</Link>}
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="create-auction-submit">{t(editing ? 'edit.submit' : 'create.submit')}</button>
        </div>
      </form>
      {picking && <VehiclePicker taken={new Set(form.lots.map((l) => l.idVehicle).filter(Boolean))} onClose={addVehicles} />}
    </>
  );
}
