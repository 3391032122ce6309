import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUCTION_MESSAGE_MAX } from '@auction/domain';
import { useServices } from '../../../ui/services-context.js';

interface Props {
  readonly idAuction: string;
  readonly status: string;
  /** The message and the document's download path as the page was loaded (null: none). */
  readonly message: string | null;
  readonly fileMessage: string | null;
}

/**
 * What a dealer reads before accepting the auction's regulation (spec 02 `auction-message`, `file-message`): the
 * auction's own message and its own regulation document (a PDF). The owner changes them until the auction closes; the
 * server judges each change (length, characters, a PDF by content, size) and its refusals show in the error dialog.
 */
export function AuctionRegulationCard({ idAuction, status, message, fileMessage }: Props) {
  const { t } = useTranslation('auctioneer');
  const { api, dialogs } = useServices();
  const titleId = useId();
  const [saved, setSaved] = useState(message ?? '');
  const [text, setText] = useState(message ?? '');
  const [document, setDocument] = useState(fileMessage);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const open = status === 'SCH' || status === 'RUN';

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try { await action(); } catch { /* the HTTP client showed the refusal */ } finally { setBusy(false); }
  };
  const saveMessage = () => run(async () => {
    const answer = await api.setAuctionMessage(idAuction, text);
    setSaved(answer.message ?? '');
    setText(answer.message ?? '');
    void dialogs.success('auctioneer:regulation.messageSaved');
  });
  const upload = (file: File) => run(async () => {
    const answer = await api.uploadFileMessage(idAuction, file);
    setDocument(answer.fileMessage);
    void dialogs.success('auctioneer:regulation.documentSaved');
  }).finally(() => { if (fileInput.current) fileInput.current.value = ''; });
  const remove = () => run(async () => {
    if (!(await dialogs.confirm('auctioneer:regulation.confirmRemove', undefined, 'auctioneer:regulation.remove'))) return;
    await api.removeFileMessage(idAuction);
    setDocument(null);
  });

  return (
    <section className="card regulation-card" aria-labelledby={titleId} data-testid="auction-regulation-card">
      <h2 id={titleId}>{t('regulation.title')}</h2>
      <p className="muted">{t(open ? 'regulation.hint' : 'regulation.closed')}</p>
      <label className="field">
        <span>{t('regulation.message')}</span>
        <textarea
          value={text} onChange={(e) => setText(e.target.value)} rows={4} maxLength={AUCTION_MESSAGE_MAX} disabled={!open || busy}
          data-testid="auction-message"
        />
      </label>
      <p className="muted" aria-live="polite">{t('regulation.remaining', { count: AUCTION_MESSAGE_MAX - text.length })}</p>
      <div className="toolbar">
        <button type="button" className="btn" onClick={() => void saveMessage()} disabled={!open || busy || text === saved} data-testid="auction-message-save">
          {t('regulation.saveMessage')}
        </button>
      </div>
      <div className="toolbar">
        {document
          ? <a href={document} target="_blank" rel="noopener" data-testid="file-message-link">{t('regulation.document')}</a>
          : <span className="muted" data-testid="file-message-none">{t('regulation.noDocument')}</span>}
        {document && open && (
          <button type="button" className="btn btn-small btn-danger" onClick={() => void remove()} disabled={busy} data-testid="file-message-remove">
            {t('regulation.remove')}
          </button>
        )}
      </div>
      {open && (
        <label className="field">
          <span>{t(document ? 'regulation.replace' : 'regulation.upload')}</span>
          <input
            ref={fileInput} type="file" accept="application/pdf,.pdf" disabled={busy} data-testid="file-message-input"
            onChange={(e) => { const file = e.target.files?.[0]; if (file) void upload(file); }}
          />
        </label>
      )}
    </section>
  );
}
