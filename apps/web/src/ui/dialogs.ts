import { createStore, type Store } from './store.js';

/** The spec's shared dialogs. */
export type DialogKind = 'confirm' | 'success' | 'error' | 'warning';

/** One open dialog. Texts are i18n keys or already translated text (`text`). */
export interface DialogRequest {
  readonly id: number;
  readonly kind: DialogKind;
  /** i18n key of the message, with its values. */
  readonly messageKey?: string;
  readonly values?: Record<string, unknown>;
  /** Numeric error code: the message is `errors:{code}`. */
  readonly errorCode?: number;
  /** Label key of the confirm button. */
  readonly confirmKey?: string;
  /** i18n key of the title (default: the kind's title). */
  readonly titleKey?: string;
  /** A user's own text shown under the message as written (e.g. an auction's message to dealers), never translated. */
  readonly detail?: string;
  /** A document to read before answering, opened in a new tab. */
  readonly link?: { readonly href: string; readonly labelKey: string };
  readonly resolve: (confirmed: boolean) => void;
}

type Open = Omit<DialogRequest, 'id' | 'resolve'>;

/** The dialog queue: one dialog shows at a time, in order; each call resolves when that dialog closes. */
export class Dialogs {
  readonly queue: Store<readonly DialogRequest[]> = createStore<readonly DialogRequest[]>([]);
  private nextId = 1;

  open(request: Open): Promise<boolean> {
    return new Promise((resolve) => {
      const id = this.nextId++;
      const entry: DialogRequest = { ...request, id, resolve };
      this.queue.set([...this.queue.get(), entry]);
    });
  }

  confirm(
    messageKey: string, values?: Record<string, unknown>, confirmKey?: string, titleKey?: string,
    extra: Pick<DialogRequest, 'detail' | 'link'> = {},
  ): Promise<boolean> {
    return this.open({ kind: 'confirm', messageKey, values, confirmKey, titleKey, ...extra });
  }

  success(messageKey = 'common:dialog.successText', values?: Record<string, unknown>): Promise<boolean> {
    return this.open({ kind: 'success', messageKey, values });
  }

  error(errorCode: number, values?: Record<string, unknown>): Promise<boolean> {
    return this.open({ kind: 'error', errorCode, values });
  }

  warning(messageKey: string, values?: Record<string, unknown>): Promise<boolean> {
    return this.open({ kind: 'warning', messageKey, values });
  }

  /** Closes the dialog `id` with the user's answer. */
  close(id: number, confirmed: boolean): void {
    const entry = this.queue.get().find((d) => d.id === id);
    if (!entry) return;
    this.queue.set(this.queue.get().filter((d) => d.id !== id));
    entry.resolve(confirmed);
  }
}
