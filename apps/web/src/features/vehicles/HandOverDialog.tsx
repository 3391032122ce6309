import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { HandOverAction } from '@auction/contracts';
import { ModalDialog } from '../auctions/auctioneer/ModalDialog.js';
import { useLoaded } from '../dealers/dealers/use-dealers.js';
import { useVehiclesApi } from './use-vehicles.js';

/** The actions that hand vehicles to a user, asked in {@link HandOverDialog}. */
export type HandOver = HandOverAction;

/** Users asked at a time; "show more" asks a larger page, up to the server's largest. */
const PAGE = 20;
const MAX_PAGE = 100;
/** A name typed is asked of the server once typing pauses. */
const TYPING_MS = 300;

interface Props {
  readonly action: HandOver;
  /** What is handed over, as the title names it (a plate, or "3 selected vehicles"). */
  readonly plate: string;
  /** The vehicles' provenance: a superior is an auctioneer of its dealer. */
  readonly provenance: string;
  readonly onClose: (idUser: string | null) => void;
}

/**
 * Asks for the user vehicles go to: a choice among the users the server says may take them (`GET
 * /vehicle-handover-users`: for sendToSup the enabled auctioneers of the provenance's dealer, for sendToMultiAuctioneer
 * the enabled multi-auctioneers), sorted by name, narrowed by a name typed, a page at a time. Native radio buttons in a
 * fieldset: arrows move between users, Enter sends.
 */
export function HandOverDialog({ action, plate, provenance, onClose }: Props) {
  const { t } = useTranslation('vehicles');
  const api = useVehiclesApi();
  const ids = useId();
  const [typed, setTyped] = useState('');
  const [username, setUsername] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const [chosen, setChosen] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => { setUsername(typed.trim()); setLimit(PAGE); }, TYPING_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const query = { action, provenance: action === 'sendToSup' ? provenance : undefined, username: username || undefined, limit, offset: 0 };
  const users = useLoaded(() => api.handOverUsers(query), JSON.stringify(query));
  const items = users.status === 'ready' ? users.data.items : [];
  const total = users.status === 'ready' ? users.data.total : 0;
  const missing = tried && !chosen;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (chosen) onClose(chosen);
  };
  return (
    <ModalDialog title={t(`actions.handOver.${action}`, { plate })} testId="hand-over-dialog" onCancel={() => onClose(null)}>
      <form onSubmit={submit} noValidate>
        <label className="field">
          <span>{t('actions.handOver.search')}</span>
          <input
            type="search" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={100} autoComplete="off" spellCheck={false} autoFocus
            data-testid="hand-over-search"
          />
        </label>
        <fieldset className="hand-over-users" aria-describedby={missing ? `${ids}-error` : undefined} data-testid="hand-over-users">
          <legend>{t(`actions.handOver.user.${action}`)}</legend>
          {users.status === 'loading' && <p className="muted" aria-busy="true">{t('common.loading')}</p>}
          {users.status === 'failed' && <p className="form-error" role="alert">{t('common.failed')}</p>}
          {users.status === 'ready' && items.length === 0 && <p className="muted" data-testid="hand-over-none">{t('actions.handOver.none')}</p>}
          {items.map((u) => (
            <label key={u.idUser} className="hand-over-user">
              <input
                type="radio" name={`${ids}-user`} value={u.idUser} checked={chosen === u.idUser} onChange={() => setChosen(u.idUser)}
                data-testid={`hand-over-user-${u.idUser}`}
              />
              <span>{u.username}</span>
            </label>
          ))}
          {items.length < total && limit < MAX_PAGE && (
            <button type="button" className="btn btn-small" onClick={() => setLimit((l) => Math.min(MAX_PAGE, l + PAGE))} data-testid="hand-over-more">
              {t('actions.handOver.more', { shown: items.length, total })}
            </button>
          )}
          {items.length < total && limit >= MAX_PAGE && <p className="muted">{t('actions.handOver.narrow', { shown: items.length, total })}</p>}
        </fieldset>
        {missing && <p id={`${ids}-error`} className="field-error" role="alert">{t('actions.handOver.invalid')}</p>}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={() => onClose(null)} data-testid="hand-over-cancel">{t('common.cancel')}</button>
          <button type="submit" className="btn btn-primary" data-testid="hand-over-send">{t(`actions.${action}`)}</button>
        </div>
      </form>
    </ModalDialog>
  );
}
