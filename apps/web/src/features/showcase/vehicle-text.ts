import type { i18n as I18n, TFunction } from 'i18next';

/** How a vehicle is named in dialogs: `GA123BC Fiat 500`. */
export function vehicleLabel(v: { licensePlate: string; brand: string; model: string }): string {
  return `${v.licensePlate} ${v.brand} ${v.model}`;
}

/** The translated text of an API error code (`errors:<code>`), or the generic sentence with the code. */
export function errorText(t: TFunction, i18n: I18n, code: number | undefined): string {
  if (code === undefined) return t('errors:unknown', { code: '?' });
  return i18n.exists(`errors:${code}`) ? t(`errors:${code}`) : t('errors:unknown', { code });
}
