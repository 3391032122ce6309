import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TopCmsSlot } from '@auction/domain';
import { previewUrl, useTopCmsApi } from './top-cms-api.js';

interface Props {
  readonly slot: TopCmsSlot;
  /** The image id in the form (blank: none). */
  readonly value: string;
  /** The preview of the current image (a saved banner's, or the last upload's). */
  readonly preview: string | null;
  readonly required: boolean;
  readonly disabled: boolean;
  readonly invalid: boolean;
  readonly onChange: (idImage: string, preview: string | null) => void;
}

/**
 * One device's image of a banner: a file picker that uploads at once (`POST /admin/top-cms/image`: AVIF and WebP
 * renditions), a preview of the result and, when the image is optional, a way to remove it. The server's refusal
 * (too large, not a picture, too small...) is shown by the app's error dialog with its code's text.
 */
export function TopCmsImageField({ slot, value, preview, required, disabled, invalid, onChange }: Props) {
  const { t } = useTranslation('topCms');
  const api = useTopCmsApi();
  const ids = useId();
  const [status, setStatus] = useState<'idle' | 'uploading' | 'done'>('idle');
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setStatus('uploading');
    try {
      const uploaded = await api.upload(slot, file);
      onChange(uploaded.idImage, previewUrl(uploaded));
      setStatus('done');
    } catch {
      setStatus('idle');
    }
  };
  return (
    <fieldset className="top-cms-image" data-testid={`top-cms-image-${slot}`} aria-invalid={invalid || undefined}>
      <legend>{t(`slots.${slot}`)}{required && <span aria-hidden="true"> *</span>}</legend>
      <p className="muted" id={`${ids}-hint`}>{t(`hints.${slot}`)}</p>
      {value && preview
        ? <img src={preview} alt={t('form.previewAlt', { slot: t(`slots.${slot}`) })} className="top-cms-preview" data-testid={`top-cms-preview-${slot}`} />
        : <p className="muted">{t('form.noImage')}</p>}
      <label className="btn top-cms-file">
        <span>{value ? t('form.replaceImage') : t('form.chooseImage')}</span>
        <input
          type="file" accept="image/png,image/jpeg,image/webp" disabled={disabled || status === 'uploading'} aria-describedby={`${ids}-hint`}
          onChange={(e) => { void pick(e.target.files?.[0]); e.target.value = ''; }} data-testid={`top-cms-file-${slot}`}
        />
      </label>
      {!required && value && (
        <button type="button" className="btn" disabled={disabled} onClick={() => onChange('', null)} data-testid={`top-cms-remove-${slot}`}>{t('form.removeImage')}</button>
      )}
      <p role="status" aria-live="polite" className="muted">{status === 'uploading' ? t('form.uploading') : status === 'done' ? t('form.uploaded') : ''}</p>
      {invalid && <p className="field-error">{t('form.imageRequired')}</p>}
    </fieldset>
  );
}
