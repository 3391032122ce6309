import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TopCmsCreate, type TopCmsView } from '@auction/contracts';
import { TOP_CMS_SLOTS, type Market, type TopCmsSlot } from '@auction/domain';
import { marketLanguages } from '@auction/i18n';
import { useServices } from '../../../ui/services-context.js';
import { TopCmsImageField } from './TopCmsImageField.js';
import { previewUrl, useTopCmsApi } from './top-cms-api.js';
import { TOP_CMS_TEXT_FIELDS, formValuesOf, toCreate, toEdit, topCmsResolver, type TopCmsFormValues } from './top-cms-form.js';

const IMAGE_FIELD: Record<TopCmsSlot, 'image' | 'imageTablet' | 'imageMobile'> = { desktop: 'image', tablet: 'imageTablet', mobile: 'imageMobile' };
const MAX: Record<(typeof TOP_CMS_TEXT_FIELDS)[number], number> = { title: 120, text: 400, ctaLabel: 60, ctaUrl: 500 };

interface Props {
  readonly market: Market;
  /** The banner edited (null: a new one). */
  readonly banner: TopCmsView | null;
  readonly lang: string;
  readonly readOnly: boolean;
  readonly onSaved: (banner: TopCmsView) => void;
  readonly onCancel: () => void;
}

/** The banner form (create or edit): texts, call to action, order, enabled, and the three devices' images with previews. */
export function TopCmsForm({ market, banner, lang, readOnly, onSaved, onCancel }: Props) {
  const { t } = useTranslation('topCms');
  const { t: tc } = useTranslation('common');
  const api = useTopCmsApi();
  const { dialogs } = useServices();
  const ids = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { register, handleSubmit, setValue, watch, clearErrors, formState: { errors, isSubmitting } } = useForm<TopCmsFormValues>({
    resolver: topCmsResolver(market), defaultValues: formValuesOf(banner, lang),
  });
  const [previews, setPreviews] = useState<Record<TopCmsSlot, string | null>>({
    desktop: previewUrl(banner?.image), tablet: previewUrl(banner?.imageTablet), mobile: previewUrl(banner?.imageMobile),
  });
  useEffect(() => heading.current?.focus(), []);
  const save = async (values: TopCmsFormValues) => {
    const saved = banner ? await api.edit(toEdit(banner.id, market, values)) : await api.create(TopCmsCreate.parse(toCreate(market, values)));
    void dialogs.success('topCms:form.saved', { title: saved.title });
    onSaved(saved);
  };
  const text = (field: (typeof TOP_CMS_TEXT_FIELDS)[number]) => (
    <label key={field} className="field">
      <span>{t(`fields.${field}`)}{field === 'title' && <span aria-hidden="true"> *</span>}</span>
      {field === 'text'
        ? <textarea {...register(field)} rows={3} maxLength={MAX[field]} disabled={readOnly} aria-invalid={errors[field] ? true : undefined} aria-describedby={errors[field] ? `${ids}-${field}` : undefined} data-testid={`top-cms-${field}`} />
        : <input {...register(field)} type={field === 'ctaUrl' ? 'url' : 'text'} maxLength={MAX[field]} disabled={readOnly} aria-required={field === 'title'} aria-invalid={errors[field] ? true : undefined} aria-describedby={errors[field] ? `${ids}-${field}` : undefined} data-testid={`top-cms-${field}`} />}
      {field === 'ctaUrl' && <span className="muted">{t('hints.ctaUrl')}</span>}
      {errors[field] && <span id={`${ids}-${field}`} className="field-error">{t(`invalid.${field}`)}</span>}
    </label>
  );
  return (
    <form noValidate className="top-cms-form" onSubmit={(e) => void handleSubmit(save)(e).catch(() => undefined)} aria-labelledby={`${ids}-title`} data-testid="top-cms-form">
      <h2 id={`${ids}-title`} tabIndex={-1} ref={heading}>{banner ? t('form.editTitle', { title: banner.title }) : t('form.newTitle')}</h2>
      <label className="field">
        <span>{t('fields.lang')}</span>
        <select {...register('lang')} disabled={readOnly} data-testid="top-cms-lang">
          {marketLanguages(market).map((l) => <option key={l} value={l}>{tc(`language.${l}`)}</option>)}
        </select>
      </label>
      {TOP_CMS_TEXT_FIELDS.map(text)}
      <label className="field">
        <span>{t('fields.order')}</span>
        <input {...register('order')} type="number" inputMode="numeric" min={0} max={10000} step={1} disabled={readOnly} aria-invalid={errors.order ? true : undefined} data-testid="top-cms-order" />
        {errors.order && <span className="field-error">{t('invalid.order')}</span>}
      </label>
      <label className="check">
        <input type="checkbox" {...register('enabled')} disabled={readOnly} data-testid="top-cms-enabled" />
        <span>{t('fields.enabled')}</span>
      </label>
      <div className="top-cms-images">
        {TOP_CMS_SLOTS.map((slot) => (
          <TopCmsImageField
            key={slot} slot={slot} value={watch(IMAGE_FIELD[slot])} preview={previews[slot]} required={slot === 'desktop'} disabled={readOnly}
            invalid={slot === 'desktop' && errors.image !== undefined}
            onChange={(idImage, preview) => { setValue(IMAGE_FIELD[slot], idImage, { shouldDirty: true }); if (idImage) clearErrors(IMAGE_FIELD[slot]); setPreviews((p) => ({ ...p, [slot]: preview })); }}
          />
        ))}
      </div>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onCancel} data-testid="top-cms-cancel">{t('form.cancel')}</button>
        <button type="submit" className="btn btn-primary" disabled={readOnly} aria-disabled={isSubmitting || undefined} data-testid="top-cms-save">{t('form.save')}</button>
      </div>
    </form>
  );
}
