import { useEffect, useId, useRef, type ReactNode } from 'react';
import { rememberFocus, restoreFocus } from '../../../ui/focus-return.js';

interface Props {
  readonly title: string;
  readonly testId: string;
  /** Extra classes of the `<dialog>` (e.g. a width). */
  readonly className?: string;
  /** Escape, or the dialog's own cancel button. */
  readonly onCancel: () => void;
  readonly children: ReactNode;
}

/**
 * A modal `<dialog>` open while mounted: focus moves into it, Escape calls `onCancel`, the title names it; on close
 * the focus goes back to the control that opened it.
 * Mount it to open, unmount it to close.
 */
export function ModalDialog({ title, testId, className, onCancel, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const el = ref.current;
    // The control that opened the dialog gets the focus back when it closes (React removes the element, so the
    // browser's own return of focus on close does not happen).
    const opener = rememberFocus();
    // jsdom has no showModal; the dialog is then shown with the `open` attribute.
    if (el && !el.open) {
      if (typeof el.showModal === 'function') el.showModal();
      else el.setAttribute('open', '');
    }
    return () => {
      if (el?.open && typeof el.close === 'function') el.close();
      restoreFocus(opener);
    };
  }, []);
  return (
    <dialog
      ref={ref} className={className ? `dialog dialog-form ${className}` : 'dialog dialog-form'} aria-labelledby={titleId} data-testid={testId}
      onCancel={(e) => { e.preventDefault(); onCancel(); }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}
