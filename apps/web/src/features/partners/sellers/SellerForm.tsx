import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SellerView } from '@auction/contracts';
import type { Market } from '@auction/domain';
import type { CodeOption } from '../../identity/registration/registration-api.js';
import { SELLER_TEXT_FIELDS, SellerFormSchema, toggleCode, type SellerFormInput, type SellerFormOutput } from './seller-form.js';
import { useSellerCodes } from './use-seller-codes.js';

interface Props {
  readonly market: Market;
  /** The seller edited (null: a new one). */
  readonly seller: SellerView | null;
  readonly disabled: boolean;
  readonly onSubmit: (values: SellerFormOutput) => Promise<void>;
  /** The codes other sellers of the market cover already (marked "taken" beside each box). */
  readonly taken?: { readonly areas: ReadonlySet<string>; readonly carSold: ReadonlySet<string> };
}

/** The create-seller and seller (edit) form: react-hook-form on the contract's schema; areas and car-sold classes as checkboxes. */
export function SellerForm({ market, seller, disabled, onSubmit, taken }: Props) {
  const { t } = useTranslation('sellers');
  const ids = useId();
  const codes = useSellerCodes(market);
  const form = useForm<SellerFormInput, unknown, SellerFormOutput>({
    resolver: zodResolver(SellerFormSchema),
    defaultValues: {
      idMarket: market, name: seller?.name ?? '', surname: seller?.surname ?? '', email: seller?.email ?? '', phone: seller?.phone ?? '',
      areas: seller?.areas ?? [], carSold: seller?.carSold ?? [],
    },
  });
  const { register, handleSubmit, watch, setValue, formState: { errors, isSubmitting } } = form;
  const picked = { areas: watch('areas') ?? [], carSold: watch('carSold') ?? [] };
  const boxes = (field: 'areas' | 'carSold', options: readonly CodeOption[]) => (
    <fieldset className="seller-codes" data-testid={`seller-${field}`}>
      <legend>{t(`fields.${field}`)}</legend>
      {options.length === 0 && <p className="muted">{t('form.noCodes')}</p>}
      {options.map((o) => (
        <label key={o.elementCode} className="check">
          <input
            type="checkbox" disabled={disabled} checked={picked[field].includes(o.elementCode)} data-testid={`seller-${field}-${o.elementCode}`}
            onChange={(e) => setValue(field, toggleCode(picked[field], o.elementCode, e.target.checked), { shouldDirty: true })}
          />
          <span>{o.elementDes}</span>
          {taken?.[field].has(o.elementCode) && !seller?.[field].includes(o.elementCode) && <span className="muted"> ({t('form.taken')})</span>}
        </label>
      ))}
    </fieldset>
  );
  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} data-testid="seller-form" aria-label={t(seller ? 'edit.title' : 'create.title')}>
      {SELLER_TEXT_FIELDS.map((f) => (
        <label key={f} className="field">
          <span>{t(`fields.${f}`)}{(f === 'name' || f === 'surname') && <span aria-hidden="true"> *</span>}</span>
          <input
            {...register(f)} disabled={disabled} type={f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'} maxLength={f === 'email' ? 100 : f === 'phone' ? 50 : 80}
            autoComplete="off" aria-required={f === 'name' || f === 'surname'} aria-invalid={errors[f] ? true : undefined}
            aria-describedby={errors[f] ? `${ids}-${f}-error` : undefined} data-testid={`seller-${f}`}
          />
          {errors[f] && <span id={`${ids}-${f}-error`} className="field-error">{t('form.invalid')}</span>}
        </label>
      ))}
      {boxes('areas', codes.areas)}
      {boxes('carSold', codes.carSold)}
      <div className="dialog-actions">
        <button type="submit" className="btn btn-primary" disabled={disabled} aria-disabled={isSubmitting || undefined} data-testid="seller-save">{t('form.save')}</button>
      </div>
    </form>
  );
}
