import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translate } from './refused-rows.js';

/** A translation that says when a key has no text (null), so the API's own words can stand in. */
export function useTranslate(): Translate {
  const { t, i18n } = useTranslation('vehicleUpload');
  return useCallback((key: string) => (i18n.exists(key, { ns: 'vehicleUpload' }) ? t(key) : null), [t, i18n]);
}

/** The text of an API error code in the user's language (an unknown code: the generic sentence with the code). */
export function useErrorText(): (code: number) => string {
  const { t, i18n } = useTranslation('errors');
  return useCallback((code: number) => (i18n.exists(`errors:${code}`) ? t(`errors:${code}`) : t('errors:unknown', { code })), [t, i18n]);
}
