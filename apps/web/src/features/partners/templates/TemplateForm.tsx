import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TemplateView } from '@auction/contracts';
import type { Market } from '@auction/domain';
import { appLanguageOf } from '../../../i18n/i18n.js';
import { marketLabel } from '../../dealers/dealers/market-label.js';
import { TEMPLATE_MAX, TEMPLATE_TEXT_FIELDS, templateFormValues, templateResolver, type TemplateFormValues, type TemplateTextField } from './template-form.js';

interface Props {
  /** The template edited (null: a new one). */
  readonly template: TemplateView | null;
  readonly market: Market;
  readonly markets: readonly Market[];
  readonly readOnly: boolean;
  readonly onSubmit: (values: TemplateFormValues) => Promise<void>;
  readonly onCancel: () => void;
}

const INPUT_TYPE: Partial<Record<TemplateTextField, string>> = { commercialInfoEmail: 'email', commercialInfoPhone: 'tel' };

/**
 * The create-template form (create and edit): react-hook-form checked by the contract's `TemplateCreate`. The logos are
 * ids of stored images typed in (no template image upload exists in the API yet).
 */
export function TemplateForm({ template, market, markets, readOnly, onSubmit, onCancel }: Props) {
  const { t, i18n } = useTranslation('templates');
  const { t: tc } = useTranslation('common');
  const ids = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { register, handleSubmit, formState: { errors, isSubmitting } } = useForm<TemplateFormValues>({ resolver: templateResolver, defaultValues: templateFormValues(template, market) });
  useEffect(() => heading.current?.focus(), []);
  const shown = template && !markets.includes(template.idMarket) ? [...markets, template.idMarket] : markets;
  const a11y = (field: keyof TemplateFormValues) => ({
    'aria-invalid': errors[field] ? true : undefined, 'aria-describedby': errors[field] ? `${ids}-${field}` : undefined, 'data-testid': `template-${field}`,
  });
  const error = (field: keyof TemplateFormValues) => errors[field] && <span id={`${ids}-${field}`} className="field-error">{t(`invalid.${field}`)}</span>;
  const text = (field: TemplateTextField) => (
    <label key={field} className="field">
      <span>{t(`fields.${field}`)}{field === 'templateName' && <span aria-hidden="true"> *</span>}</span>
      <input {...register(field)} type={INPUT_TYPE[field] ?? 'text'} maxLength={TEMPLATE_MAX[field]} disabled={readOnly} autoComplete="off" aria-required={field === 'templateName'} {...a11y(field)} />
      {(field === 'largeLogo' || field === 'smallLogo') && <span className="muted">{t('hints.logo')}</span>}
      {error(field)}
    </label>
  );
  return (
    <form noValidate className="template-form" onSubmit={(e) => void handleSubmit(onSubmit)(e).catch(() => undefined)} aria-labelledby={`${ids}-title`} data-testid="template-form">
      <h2 id={`${ids}-title`} tabIndex={-1} ref={heading}>{template ? t('form.editTitle', { name: template.templateName }) : t('form.newTitle')}</h2>
      {TEMPLATE_TEXT_FIELDS.slice(0, 1).map(text)}
      <label className="field">
        <span>{t('fields.idMarket')}</span>
        <select {...register('idMarket')} disabled={readOnly} data-testid="template-idMarket">
          {shown.map((m) => <option key={m} value={m}>{marketLabel(m, tc, appLanguageOf(i18n))}</option>)}
        </select>
      </label>
      <label className="field">
        <span>{t('fields.description')}</span>
        <textarea {...register('description')} rows={4} maxLength={TEMPLATE_MAX.description} disabled={readOnly} {...a11y('description')} />
        {error('description')}
      </label>
      {TEMPLATE_TEXT_FIELDS.slice(1).map(text)}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onCancel} data-testid="template-cancel">{t('form.cancel')}</button>
        <button type="submit" className="btn btn-primary" disabled={readOnly} aria-disabled={isSubmitting || undefined} data-testid="template-save">{t('form.save')}</button>
      </div>
    </form>
  );
}
