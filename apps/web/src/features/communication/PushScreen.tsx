import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKETS, type Market } from '@auction/domain';
import type { PushNotificationPage, PushNotificationView } from '@auction/contracts';
import { ApiError } from '../../api/http.js';
import { appLanguageOf } from '../../i18n/i18n.js';
import { useProfile, useServices } from '../../ui/services-context.js';
import { DataTable, type PageRequest, type TableColumn } from '../../ui/table/index.js';
import { marketLabel } from '../dealers/dealers/market-label.js';
import { ReadOnlyNote } from '../dealers/shell/ReadOnlyNote.js';
import { PushDeliveries } from './PushDeliveries.js';
import { EMPTY_PUSH_FORM, pushRequestOf, type PushField, type PushFormInput } from './push-form.js';
import './communication.css';

const SIZES = [10, 20, 50] as const;
const PUSH = '/api/v1/admin/push-notification';
const TYPES = ['info', 'auction', 'test'] as const;
const ERROR_KEYS: Record<PushField, string> = { title: 'push.errTitle', body: 'push.errBody', type: 'push.errType', ids: 'push.errIds', market: 'push.errMarket' };

/**
 * The `push-notification` screen (ADMIN, CUSTOMER_CENTER): compose a push (title, text, type: `test` opens the app's
 * home, any other `/private`), choose its recipients (users, dealers or a whole market), send it (the server records it
 * and delivers in the background); the notifications are listed newest first with their devices counted by delivery
 * state, and one notification's deliveries (per user and device) open below. The lists follow while anything is pending.
 */
export function PushScreen() {
  const { t, i18n } = useTranslation('communication');
  const { http } = useServices();
  const readOnly = useProfile()?.readOnly === true;
  const ids = useId();
  const [form, setForm] = useState<PushFormInput>(EMPTY_PUSH_FORM);
  const [errors, setErrors] = useState<Set<PushField>>(new Set());
  const [failure, setFailure] = useState<number | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [request, setRequest] = useState<PageRequest>({ limit: SIZES[0], offset: 0, sortOrder: 'desc' });
  const [page, setPage] = useState<PushNotificationPage | null>(null);
  const [reload, setReload] = useState(0);
  const [open, setOpen] = useState<PushNotificationView | null>(null);

  useEffect(() => {
    let live = true;
    http.get<PushNotificationPage>(PUSH, { query: { limit: request.limit, offset: request.offset }, noSpinner: reload > 0 })
      .then((p) => { if (live) setPage(p); }, () => undefined);
    return () => { live = false; };
  }, [http, request, reload]);

  const pending = page?.items.some((n) => n.counts.QUEUED + n.counts.SENDING > 0) === true;
  useEffect(() => {
    if (!pending) return undefined;
    const timer = setInterval(() => setReload((r) => r + 1), 2_000);
    return () => clearInterval(timer);
  }, [pending]);

  const set = (patch: Partial<PushFormInput>) => { setForm((f) => ({ ...f, ...patch })); setSent(false); };
  const submit = async () => {
    setFailure(null);
    const checked = pushRequestOf(form);
    if ('errors' in checked) { setErrors(checked.errors); return; }
    setErrors(new Set());
    setBusy(true);
    try {
      const view = await http.post<PushNotificationView>(PUSH, checked.request, { noPopup: true, idempotencyKey: crypto.randomUUID() });
      setForm(EMPTY_PUSH_FORM);
      setSent(true);
      setOpen(view);
      setReload((r) => r + 1);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.errorCode : 0);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: PushField, label: string, control: ReactNode, hint?: string) => (
    <label className="field">
      <span>{label}</span>
      {control}
      {hint && <span className="muted">{hint}</span>}
      {errors.has(name) && <span id={`${ids}-${name}-error`} className="field-error" data-testid={`push-${name}-error`}>{t(ERROR_KEYS[name])}</span>}
    </label>
  );
  const invalid = (name: PushField) => (errors.has(name) ? { 'aria-invalid': true as const, 'aria-describedby': `${ids}-${name}-error` } : {});

  const columns: TableColumn<PushNotificationView>[] = [
    { key: 'createdAt', header: t('push.createdAt'), cell: (n) => new Date(n.createdAt).toLocaleString(i18n.language) },
    { key: 'title', header: t('push.titleField'), className: 'wide', cell: (n) => n.title },
    { key: 'type', header: t('push.type'), cell: (n) => `${n.source === 'OUTBID' ? t('push.outbid') : n.type} → ${n.route}` },
    {
      key: 'progress', header: t('push.progress'),
      cell: (n) => (
        <span className="lead-progress">
          <progress max={n.devices} value={n.devices - n.counts.QUEUED - n.counts.SENDING} aria-label={t('push.progressOf', { title: n.title })} />
          <span data-testid={`push-counts-${n.idNotification}`}>{t('push.counts', { sent: n.counts.SENT, dropped: n.counts.DROPPED, failed: n.counts.FAILED + n.counts.UNKNOWN, total: n.devices })}</span>
        </span>
      ),
    },
    {
      key: 'open', header: t('push.deliveries'),
      cell: (n) => <button type="button" className="btn btn-small" onClick={() => setOpen(n)} aria-label={t('push.openNamed', { title: n.title })} data-testid={`push-open-${n.idNotification}`}>{t('push.open')}</button>,
    },
  ];

  return (
    <section aria-labelledby="push-title" className="email-screen" data-testid="push-screen">
      <div className="page-head"><h1 id="push-title">{t('push.title')}</h1></div>
      <ReadOnlyNote />
      <p className="muted">{t('push.intro')}</p>
      <form noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }} aria-labelledby={`${ids}-new`}>
        <h2 id={`${ids}-new`}>{t('push.new')}</h2>
        {field('title', t('push.titleField'), <input type="text" maxLength={100} value={form.title} onChange={(e) => set({ title: e.target.value })} {...invalid('title')} data-testid="push-title-input" />)}
        {field('body', t('push.body'), <textarea rows={4} maxLength={1000} value={form.body} onChange={(e) => set({ body: e.target.value })} {...invalid('body')} data-testid="push-body" />)}
        {field('type', t('push.type'), (
          <select value={form.type} onChange={(e) => set({ type: e.target.value })} {...invalid('type')} data-testid="push-type">
            {TYPES.map((type) => <option key={type} value={type}>{t(`push.types.${type}`)}</option>)}
          </select>
        ), t(form.type === 'test' ? 'push.routeHome' : 'push.routePrivate'))}
        <fieldset className="field">
          <legend>{t('push.recipients')}</legend>
          {(['users', 'dealers', 'market'] as const).map((target) => (
            <label key={target} className="radio">
              <input type="radio" name={`${ids}-target`} value={target} checked={form.target === target} onChange={() => set({ target })} data-testid={`push-target-${target}`} />
              {t(`push.targets.${target}`)}
            </label>
          ))}
        </fieldset>
        {form.target === 'market'
          ? field('market', t('push.market'), (
            <select value={form.market} onChange={(e) => set({ market: e.target.value })} {...invalid('market')} data-testid="push-market">
              <option value="">{t('push.chooseMarket')}</option>
              {MARKETS.map((m) => <option key={m} value={m}>{marketLabel(m as Market, t, appLanguageOf(i18n))}</option>)}
            </select>
          ))
          : field('ids', t(form.target === 'users' ? 'push.idUsers' : 'push.idDealers'),
            <textarea rows={3} spellCheck={false} value={form.ids} onChange={(e) => set({ ids: e.target.value })} {...invalid('ids')} data-testid="push-ids" />, t('push.idsHint'))}
        {failure !== null && <p className="form-error" role="alert" data-testid="push-error">{t(failure ? `errors:${failure}` : 'push.failed')}</p>}
        {sent && <p role="status" data-testid="push-sent">{t('push.sent')}</p>}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={readOnly} aria-disabled={busy || undefined} data-testid="push-send">{t('push.send')}</button>
        </div>
      </form>
      {page && (
        <DataTable
          mode="server" rows={page.items} total={page.total} request={request} onRequest={setRequest} columns={columns}
          rowKey={(n) => n.idNotification} rowTestId={(n) => `push-${n.idNotification}`} pageSizes={SIZES}
          caption={t('push.caption')} empty={t('push.empty')} testId="push-table"
        />
      )}
      {open && <PushDeliveries notification={open} reload={reload} onClose={() => setOpen(null)} />}
    </section>
  );
}
