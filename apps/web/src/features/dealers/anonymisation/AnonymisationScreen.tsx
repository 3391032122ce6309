import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnonymiseCandidate, AnonymiseCandidatePage } from '@auction/contracts';
import { MARKETS, type Market } from '@auction/domain';
import { formatDateTimeIn } from '@auction/i18n';
import { TimeZoneNote } from '../../../ui/TimeZoneNote.js';
import { useMarketZone } from '../../../ui/market-zone.js';
import { useProfile, useServices } from '../../../ui/services-context.js';
import { DataTable, type PageRequest, type TableColumn } from '../../../ui/table/index.js';
import { ReadOnlyNote } from '../shell/ReadOnlyNote.js';
import '../shell/shell.css';
import { anonymisationApi } from './anonymisation-api.js';
import { anonymiseInTurn, keepListed, toggleSelected } from './selection.js';

const SIZES = [20, 50, 100] as const;

/**
 * `user-anonymization` (ADMIN): the users that may be anonymised, by market, server paged and sorted; select some and
 * anonymise them after a confirm that says it cannot be undone; the list as CSV.
 */
export function AnonymisationScreen() {
  const { t } = useTranslation('people');
  const services = useServices();
  const profile = useProfile();
  const api = useMemo(() => anonymisationApi(services.http, services.dialogs), [services]);
  const [market, setMarket] = useState<Market | ''>('');
  const [request, setRequest] = useState<PageRequest>({ limit: SIZES[0], offset: 0, sortField: 'since', sortOrder: 'asc' });
  const [page, setPage] = useState<AnonymiseCandidatePage | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [reload, setReload] = useState(0);
  const writer = profile?.roles.includes('ADMIN') === true && !profile.readOnly;
  const markets = profile?.adminEnabledMarket.length ? profile.adminEnabledMarket : MARKETS;

  useEffect(() => {
    let live = true;
    api.candidates(market, request).then((p) => {
      if (!live) return;
      setPage(p);
      setSelected((s) => keepListed(s, p.items.map((c) => c.idUser)));
    }, () => undefined);
    return () => { live = false; };
  }, [api, market, request, reload]);

  // One run at a time, from the click to the last answer (its confirm included): a second click (a double click, an
  // impatient Enter) would confirm and send the same selection again while the first run still erases it.
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const anonymise = useCallback(async () => {
    const ids = [...selected];
    if (ids.length === 0 || running.current) return;
    running.current = true;
    setBusy(true);
    try {
      if (!(await services.dialogs.confirm('people:anonymise.confirm', { n: ids.length }, 'people:anonymise.confirmButton'))) return;
      const run = await anonymiseInTurn(ids, (idUser) => api.anonymise(idUser));
      // The erased ones leave the selection at once (keepListed drops them again after the reload); the refused and
      // untried ones stay selected.
      setSelected((s) => new Set([...s].filter((id) => !run.done.includes(id))));
      setReload((r) => r + 1);
      if (run.done.length > 0) void services.dialogs.success('people:anonymise.done', { n: run.done.length });
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, [api, selected, services]);

  const zone = useMarketZone();
  const columns: TableColumn<AnonymiseCandidate>[] = [
    {
      key: 'select', header: t('anonymise.select'),
      cell: (c) => (
        <input type="checkbox" checked={selected.has(c.idUser)} disabled={!writer || busy} aria-label={t('anonymise.selectLabel', { username: c.username })}
          onChange={() => setSelected((s) => toggleSelected(s, c.idUser))} data-testid={`select-${c.idUser}`} />
      ),
    },
    { key: 'username', header: t('anonymise.username'), sortable: true, className: 'wide', cell: (c) => c.username },
    { key: 'idUser', header: t('anonymise.idUser'), sortable: true, cell: (c) => c.idUser },
    { key: 'idDealer', header: t('anonymise.idDealer'), sortable: true, cell: (c) => c.idDealer ?? '' },
    { key: 'idMarket', header: t('anonymise.market'), sortable: true, cell: (c) => c.idMarket },
    { key: 'status', header: t('anonymise.status'), sortable: true, cell: (c) => t(`anonymise.reasons.${c.status}`) },
    { key: 'since', header: t('anonymise.since'), sortable: true, cell: (c) => (c.since ? formatDateTimeIn(c.since, zone) : '') },
  ];
  return (
    <section aria-labelledby="anonymise-title" data-testid="anonymisation">
      <div className="page-head"><h1 id="anonymise-title">{t('anonymise.title')}</h1></div>
      <p className="muted">{t('anonymise.intro')}</p>
      <p><TimeZoneNote zone={zone} /></p>
      <ReadOnlyNote />
      <div className="toolbar">
        <label className="field"><span>{t('anonymise.market')}</span>
          <select value={market} onChange={(e) => { setMarket(e.target.value as Market | ''); setRequest((r) => ({ ...r, offset: 0 })); }} data-testid="anonymise-market">
            <option value="">{t('anonymise.allMarkets')}</option>
            {markets.map((m) => <option key={m} value={m}>{m}</option>)}
          </select>
        </label>
        <a className="btn" href={api.exportUrl(market)} download data-testid="anonymise-export">{t('anonymise.export')}</a>
        <button type="button" className="btn btn-danger" disabled={!writer || selected.size === 0} aria-disabled={busy || undefined} onClick={() => void anonymise()} data-testid="anonymise-run">
          {t('anonymise.anonymise')}
        </button>
        <span role="status" className="muted" data-testid="anonymise-selected">{t('anonymise.selected', { n: selected.size })}</span>
      </div>
      {page && (
        <DataTable
          mode="server" rows={page.items} total={page.total} request={request} onRequest={setRequest} columns={columns}
          rowKey={(c) => c.idUser} rowTestId={(c) => `candidate-${c.idUser}`} pageSizes={SIZES}
          caption={t('anonymise.caption')} empty={t('anonymise.empty')} testId="anonymise-table"
        />
      )}
    </section>
  );
}
