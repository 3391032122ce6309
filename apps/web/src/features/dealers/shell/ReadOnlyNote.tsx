import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../ui/services-context.js';

/** The note a read-only back-office user sees above screens whose controls are disabled (the API refuses: 403020). */
export function ReadOnlyNote() {
  const { t } = useTranslation('people');
  const profile = useProfile();
  if (!profile?.readOnly) return null;
  return <p className="readonly-note" role="note" data-testid="read-only-note">{t('readOnly.note')}</p>;
}
