import { useTranslation } from 'react-i18next';

/** Shown above the controls of a read-only staff member: they see everything and change nothing (403020 otherwise). */
export function ReadOnlyNote({ show }: { readonly show: boolean }) {
  const { t } = useTranslation('dealers');
  if (!show) return null;
  return <p className="dealers-note" role="note" data-testid="read-only-note">{t('common.readOnly')}</p>;
}
