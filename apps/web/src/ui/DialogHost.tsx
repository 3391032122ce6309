import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberFocus, restoreFocus, type FocusMemo } from './focus-return.js';
import { useServices, useStore } from './services-context.js';

/**
 * Shows the first queued dialog as a modal `<dialog>`: focus moves into it, Escape cancels, and the text of an
 * error is `errors:{errorCode}` (unknown codes get a generic sentence with the code). When the last queued dialog
 * closes, the focus goes back to the control that had it when the first one opened, or where it went (see
 * {@link restoreFocus}): never to the page body.
 */
export function DialogHost() {
  const { dialogs } = useServices();
  const queue = useStore(dialogs.queue);
  const current = queue[0];
  const ref = useRef<HTMLDialogElement>(null);
  const { t, i18n } = useTranslation();
  // The control that had the focus when the first dialog of a run opened: it gets it back when the last one closes.
  const opener = useRef<FocusMemo | null>(null);
  const open = current !== undefined;
  if (open && opener.current === null && typeof document !== 'undefined') opener.current = rememberFocus();

  useEffect(() => {
    const el = ref.current;
    if (el && current && !el.open) el.showModal();
  }, [current]);
  useEffect(() => {
    if (open) return;
    const back = opener.current;
    opener.current = null;
    restoreFocus(back);
  }, [open]);

  if (!current) return null;
  const title = t(current.titleKey ?? `dialog.${current.kind}Title`);
  const message = current.errorCode !== undefined
    ? i18n.exists(`errors:${current.errorCode}`) ? t(`errors:${current.errorCode}`, current.values ?? {}) : t('errors:unknown', { code: current.errorCode })
    : t(current.messageKey ?? 'dialog.successText', current.values ?? {});
  const close = (confirmed: boolean) => dialogs.close(current.id, confirmed);
  return (
    <dialog
      ref={ref} key={current.id} className={`dialog dialog-${current.kind}`} aria-labelledby="dialog-title" aria-describedby="dialog-message"
      data-testid="dialog" data-kind={current.kind} data-error-code={current.errorCode} data-message={current.messageKey}
      onCancel={(e) => { e.preventDefault(); close(false); }}
    >
      <h2 id="dialog-title">{title}</h2>
      <p id="dialog-message">{message}</p>
      {current.detail && <blockquote className="dialog-detail" data-testid="dialog-detail">{current.detail}</blockquote>}
      {current.link && (
        <p>
          <a href={current.link.href} target="_blank" rel="noopener" data-testid="dialog-link">{t(current.link.labelKey)}</a>
        </p>
      )}
      {current.errorCode !== undefined && <p className="dialog-code" data-testid="dialog-error-code">#{current.errorCode}</p>}
      <div className="dialog-actions">
        {current.kind === 'confirm' ? (
          <>
            <button type="button" className="btn" onClick={() => close(false)} data-testid="dialog-cancel">{t('dialog.cancel')}</button>
            <button type="button" className="btn btn-primary" autoFocus onClick={() => close(true)} data-testid="dialog-confirm">
              {t(current.confirmKey ?? 'dialog.confirm')}
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-primary" autoFocus onClick={() => close(true)} data-testid="dialog-ok">{t('dialog.ok')}</button>
        )}
      </div>
    </dialog>
  );
}
