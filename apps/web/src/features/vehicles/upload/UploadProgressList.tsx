import { useTranslation } from 'react-i18next';
import { percentOf, type FileUpload } from './upload-progress.js';
import { useErrorText } from './use-translate.js';

/**
 * The progress of each file: a progress bar (sent bytes), its phase, and a refusal's reason in the user's language
 * (the API's code through `errors:`), announced as an alert.
 */
export function UploadProgressList({ uploads, testId }: { readonly uploads: readonly FileUpload[]; readonly testId: string }) {
  const { t } = useTranslation('vehicleUpload');
  const errorText = useErrorText();
  if (uploads.length === 0) return null;
  return (
    <ul className="upload-list" aria-label={t('progress.list')} data-testid={testId}>
      {uploads.map((u) => {
        const percent = percentOf(u);
        return (
          <li key={u.key} className={`upload-item upload-${u.phase}`} data-testid="upload-item" data-phase={u.phase} data-name={u.name}>
            <span className="upload-name">{u.name}</span>
            <progress max={100} value={percent} aria-label={t('progress.label', { name: u.name })} data-testid="upload-progress" />
            <span className="upload-phase">{t(`progress.${u.phase}`, { percent })}</span>
            {u.phase === 'refused' && (
              <span role="alert" className="form-error upload-refusal" data-testid="upload-refusal" data-error-code={u.errorCode ?? 0}>
                {errorText(u.errorCode ?? 0)}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
