import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { LeadPage, LeadView } from '@auction/contracts';
import { ApiError } from '../../api/http.js';
import { useProfile, useServices } from '../../ui/services-context.js';
import { DataTable, type PageRequest, type TableColumn } from '../../ui/table/index.js';
import { ReadOnlyNote } from '../dealers/shell/ReadOnlyNote.js';
import { EMPTY_LEAD_FORM, LeadFormSchema, type LeadFormInput, type LeadFormOutput } from './email-form.js';
import './communication.css';

const SIZES = [10, 20, 50] as const;
const LEADS = '/api/v1/admin/lead';
type Field = keyof LeadFormInput;
const ERROR_KEYS: Record<Field, string> = { name: 'lead.errName', subject: 'email.errSubject', recipients: 'lead.errRecipients', email: 'email.errBody' };

/**
 * The `lead` screen (ADMIN, CUSTOMER_CENTER): a new campaign (react-hook-form on the contract's schema) is created as a
 * draft; the campaigns are listed paged and sorted by the server, each with a progress bar of its recipients' mails;
 * a draft is sent with one click (the server sends it in the background); the list follows while any is sending.
 */
export function LeadScreen() {
  const { t } = useTranslation('communication');
  const { http } = useServices();
  const readOnly = useProfile()?.readOnly === true;
  const ids = useId();
  const [request, setRequest] = useState<PageRequest>({ limit: SIZES[0], offset: 0, sortField: 'createdAt', sortOrder: 'desc' });
  const [page, setPage] = useState<LeadPage | null>(null);
  const [reload, setReload] = useState(0);
  const [failure, setFailure] = useState<number | null>(null);
  const form = useForm<LeadFormInput, unknown, LeadFormOutput>({ resolver: zodResolver(LeadFormSchema), defaultValues: EMPTY_LEAD_FORM, mode: 'onSubmit' });
  const { register, handleSubmit, reset, formState: { errors, isSubmitting } } = form;

  useEffect(() => {
    let live = true;
    const query = { limit: request.limit, offset: request.offset, sortField: request.sortField, sortOrder: request.sortOrder };
    http.get<LeadPage>(LEADS, { query, noSpinner: reload > 0 }).then((p) => { if (live) setPage(p); }, () => undefined);
    return () => { live = false; };
  }, [http, request, reload]);

  // While a campaign is being sent, its progress is asked for again every two seconds.
  const sending = page?.items.some((l) => l.status === 'SENDING') === true;
  useEffect(() => {
    if (!sending) return undefined;
    const timer = setInterval(() => setReload((r) => r + 1), 2_000);
    return () => clearInterval(timer);
  }, [sending]);

  const create = async (lead: LeadFormOutput) => {
    setFailure(null);
    try {
      await http.post<LeadView>(LEADS, lead, { noPopup: true, idempotencyKey: crypto.randomUUID() });
      reset(EMPTY_LEAD_FORM);
      setReload((r) => r + 1);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.errorCode : 0);
    }
  };
  const send = async (idLead: string) => {
    setFailure(null);
    try {
      await http.patch<LeadView>(LEADS, { idLead, send: true }, { noPopup: true });
    } catch (error) {
      setFailure(error instanceof ApiError ? error.errorCode : 0);
    }
    setReload((r) => r + 1);
  };

  const field = (name: Field, label: string, control: ReactNode) => (
    <label className="field">
      <span>{label}</span>
      {control}
      {errors[name] && <span id={`${ids}-${name}-error`} className="field-error" data-testid={`lead-${name}-error`}>{t(ERROR_KEYS[name])}</span>}
    </label>
  );
  const invalid = (name: Field) => (errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${ids}-${name}-error` } : {});

  const columns: TableColumn<LeadView>[] = [
    { key: 'name', header: t('lead.name'), sortable: true, className: 'wide', cell: (l) => l.name },
    { key: 'subject', header: t('email.subject'), cell: (l) => l.subject },
    { key: 'status', header: t('lead.status'), sortable: true, cell: (l) => <span data-testid={`lead-status-${l.idLead}`}>{t(`lead.statuses.${l.status}`)}</span> },
    {
      key: 'progress', header: t('lead.progress'),
      cell: (l) => (
        <span className="lead-progress">
          <progress max={l.total} value={l.sent + l.failed} aria-label={t('lead.progressOf', { name: l.name })} data-testid={`lead-progress-${l.idLead}`} />
          <span>{t('lead.counts', { sent: l.sent, failed: l.failed, total: l.total })}</span>
        </span>
      ),
    },
    {
      key: 'actions', header: t('lead.actions'),
      cell: (l) => (l.status === 'DRAFT'
        ? <button type="button" className="btn btn-primary" disabled={readOnly} onClick={() => void send(l.idLead)} aria-label={t('lead.sendNamed', { name: l.name })} data-testid={`lead-send-${l.idLead}`}>{t('email.send')}</button>
        : null),
    },
  ];

  return (
    <section aria-labelledby="lead-title" className="email-screen" data-testid="lead-screen">
      <div className="page-head"><h1 id="lead-title">{t('lead.title')}</h1></div>
      <ReadOnlyNote />
      <p className="muted">{t('lead.intro')}</p>
      <form noValidate onSubmit={(e) => void handleSubmit(create)(e)} aria-labelledby={`${ids}-new`}>
        <h2 id={`${ids}-new`}>{t('lead.new')}</h2>
        {field('name', t('lead.name'), <input type="text" maxLength={100} {...register('name')} {...invalid('name')} data-testid="lead-name" />)}
        {field('subject', t('email.subject'), <input type="text" maxLength={200} {...register('subject')} {...invalid('subject')} data-testid="lead-subject" />)}
        {field('recipients', t('lead.recipients'), <textarea rows={5} spellCheck={false} {...register('recipients')} {...invalid('recipients')} data-testid="lead-recipients" />)}
        {field('email', t('email.body'), <textarea rows={8} {...register('email')} {...invalid('email')} data-testid="lead-body" />)}
        {failure !== null && <p className="form-error" role="alert" data-testid="lead-error">{t(failure ? `errors:${failure}` : 'email.failed')}</p>}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={readOnly} aria-disabled={isSubmitting || undefined} data-testid="lead-create">{t('lead.create')}</button>
        </div>
      </form>
      {page && (
        <DataTable
          mode="server" rows={page.items} total={page.total} request={request} onRequest={setRequest} columns={columns}
          rowKey={(l) => l.idLead} rowTestId={(l) => `lead-${l.idLead}`} pageSizes={SIZES}
          caption={t('lead.caption')} empty={t('lead.empty')} testId="lead-table"
        />
      )}
    </section>
  );
}
