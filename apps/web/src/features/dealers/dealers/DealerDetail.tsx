import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDealerDetail, AdminDealerUser } from '@auction/contracts';
import { DEALER_CAPABILITIES } from '@auction/domain';
import type { TFunction } from 'i18next';
import { DataTable, type TableColumn } from '../../../ui/table/index.js';
import { roleNames } from '../users/role-names.js';
import { useProfile, useServices } from '../../../ui/services-context.js';
import { AuditTrail } from './AuditTrail.js';
import { DealerSellerPanel } from '../../partners/sellers/DealerSellerPanel.js';
import { DacDialog } from './DacDialog.js';
import { DealerFacts, useDealerCodeLabels } from './DealerFacts.js';
import { DealerEditForm } from './DealerEditForm.js';
import { DealerToggle, dealerToggleBlock } from './DealerToggle.js';
import { ReadOnlyNote } from './ReadOnlyNote.js';
import { useDealerPowers, useDealersApi, useLoaded, useOneAtATime } from './use-dealers.js';
import './dealers.css';

/**
 * One dealer for staff: its data and status, the registration documents (staff only), its users, the partner
 * capabilities, enable/disable, edit, delete (ADMIN), the dealers sharing its VAT code (DAC dialog) and the audit trail.
 */
export function DealerDetail({ idDealer }: { readonly idDealer: string }) {
  const { t } = useTranslation('dealers');
  const api = useDealersApi();
  const dealer = useLoaded(() => api.get(idDealer), idDealer);
  const [version, setVersion] = useState(0);
  const changed = () => { dealer.reload(); setVersion((v) => v + 1); };
  if (dealer.status === 'loading') return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  if (dealer.status === 'failed') return <p className="form-error" data-testid="dealer-failed">{t('common.failed')}</p>;
  return <DealerView dealer={dealer.data} onChanged={changed} version={version} />;
}

function DealerView({ dealer, onChanged, version }: { readonly dealer: AdminDealerDetail; readonly onChanged: () => void; readonly version: number }) {
  const { t } = useTranslation('dealers');
  const api = useDealersApi();
  const { dialogs } = useServices();
  const powers = useDealerPowers();
  const profile = useProfile();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [dac, setDac] = useState(false);
  const action = useOneAtATime();
  const name = dealer.businessName ?? dealer.sincom;
  const run = async (call: () => Promise<unknown>, doneKey: string) => {
    const ok = await call().then(() => true, () => false);
    if (ok) { void dialogs.success(`dealers:${doneKey}`, { name }); onChanged(); }
    return ok;
  };
  const toggle = () => action.run(async () => {
    const enable = !dealer.flgEnabled;
    if (!(await dialogs.confirm(`dealers:detail.${enable ? 'confirmEnable' : 'confirmDisable'}`, { name }, `dealers:detail.${enable ? 'enable' : 'disable'}`))) return;
    await run(() => api.setEnabled(dealer.idDealer, enable), enable ? 'detail.enabled' : 'detail.disabled');
  });
  const remove = () => action.run(async () => {
    if (!(await dialogs.confirm('dealers:detail.confirmDelete', { name }, 'dealers:detail.delete'))) return;
    const ok = await api.remove(dealer.idDealer).then(() => true, () => false);
    if (!ok) return;
    void dialogs.success('dealers:detail.deleted', { name });
    void navigate({ to: '/dealer-list' });
  });
  const gone = dealer.status === 'DELETED';
  const labels = useDealerCodeLabels(dealer);
  return (
    <article aria-labelledby="dealer-title" data-testid="dealer-page" data-status={dealer.status}>
      <div className="page-head">
        <h1 id="dealer-title">{name}</h1>
        <span className={`badge dealer-status-${dealer.status}`} data-testid="dealer-status">{t(`status.${dealer.status}`)}</span>
      </div>
      <ReadOnlyNote show={powers.readOnly} />
      <div className="toolbar" role="group" aria-label={t('detail.actions')}>
        {!gone && (
          <DealerToggle enabled={dealer.flgEnabled} disabled={!powers.change} blocked={powers.change ? dealerToggleBlock(profile, dealer.users) : null} busy={action.busy} onToggle={() => void toggle()} />
        )}
        {!gone && <button type="button" className="btn" disabled={!powers.change} aria-expanded={editing} onClick={() => setEditing((e) => !e)} data-testid="dealer-edit">{t('detail.edit')}</button>}
        {dealer.vatCode && <button type="button" className="btn" onClick={() => setDac(true)} data-testid="dealer-dac">{t('detail.sameVat')}</button>}
        {powers.admin && !gone && <button type="button" className="btn btn-danger" aria-disabled={action.busy || undefined} onClick={() => void remove()} data-testid="dealer-delete">{t('detail.delete')}</button>}
      </div>
      {editing && <DealerEditForm dealer={dealer} disabled={!powers.change} onCancel={() => setEditing(false)} onSaved={() => { setEditing(false); void dialogs.success('dealers:edit.saved', { name }); onChanged(); }} />}
      <section aria-labelledby="dealer-data-title" className="dealer-section">
        <h2 id="dealer-data-title">{t('detail.data')}</h2>
        <DealerFacts dealer={dealer} label={labels} />
      </section>
      <Documents dealer={dealer} />
      <Capabilities dealer={dealer} disabled={!powers.admin || gone} visible={powers.admin || powers.readOnly} onChanged={onChanged} action={action} />
      {!gone && <DealerSellerPanel idDealer={dealer.idDealer} market={dealer.idMarket} readOnly={!powers.change} />}
      <DealerUsers users={dealer.users} />
      <AuditTrail idDealer={dealer.idDealer} idMarket={dealer.idMarket} version={version} />
      {dac && dealer.vatCode && (
        <DacDialog
          vatCode={dealer.vatCode} onCancel={() => setDac(false)}
          onSelect={(row) => { setDac(false); void navigate({ to: '/dealer/$idDealer', params: { idDealer: row.idDealer } }); }}
        />
      )}
    </article>
  );
}

/** A document's file name: its type and the dealer (`Identity document - Autosalone Rossi`), within the server's 120 characters. */
export function documentFileName(type: string, businessName: string): string {
  return `${type} - ${businessName}`.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim().slice(0, 120);
}

function Documents({ dealer }: { readonly dealer: AdminDealerDetail }) {
  const { t } = useTranslation('dealers');
  const api = useDealersApi();
  return (
    <section aria-labelledby="dealer-docs-title" className="dealer-section">
      <h2 id="dealer-docs-title">{t('detail.documents')}</h2>
      {dealer.documents.length === 0 ? <p className="muted" data-testid="dealer-no-documents">{t('detail.noDocuments')}</p> : (
        <ul data-testid="dealer-documents">
          {dealer.documents.map((d) => {
            const name = documentFileName(t(`documents.${d.kind}`), dealer.businessName ?? dealer.sincom);
            return (
              <li key={d.idFile}>
                <a href={api.fileUrl(d.idFile, name)} target="_blank" rel="noopener noreferrer" data-testid={`dealer-document-${d.kind}`}>
                  {t(`documents.${d.kind}`)}
                </a>{' '}
                <span className="muted">({d.mediaType}, {Math.ceil(d.size / 1024)} KB)</span>{' '}
                <a href={api.fileUrl(d.idFile, name, 'attachment')} download data-testid={`dealer-document-download-${d.kind}`}
                  aria-label={t('detail.downloadDocument', { document: t(`documents.${d.kind}`) })}>
                  {t('detail.download')}
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Capabilities({ dealer, disabled, visible, onChanged, action }: {
  readonly dealer: AdminDealerDetail; readonly disabled: boolean; readonly visible: boolean; readonly onChanged: () => void;
  readonly action: ReturnType<typeof useOneAtATime>;
}) {
  const { t } = useTranslation('dealers');
  const api = useDealersApi();
  const { dialogs } = useServices();
  const set = (capability: (typeof DEALER_CAPABILITIES)[number], on: boolean) => action.run(async () => {
    const ok = await api.setCapability(capability, dealer.idDealer, on).then(() => true, () => false);
    if (ok) { void dialogs.success('dealers:detail.capabilityChanged', { name: dealer.businessName ?? dealer.sincom }); onChanged(); }
  });
  return (
    <section aria-labelledby="dealer-caps-title" className="dealer-section">
      <h2 id="dealer-caps-title">{t('detail.capabilities')}</h2>
      {visible ? (
        <fieldset className="capabilities">
          <legend className="visually-hidden">{t('detail.capabilities')}</legend>
          {DEALER_CAPABILITIES.map((c) => (
            <label key={c}>
              <input type="checkbox" checked={dealer.capabilities[c]} disabled={disabled} aria-disabled={action.busy || undefined} onChange={(e) => void set(c, e.target.checked)} data-testid={`dealer-capability-${c}`} />
              {t(`capabilities.${c}`)}
            </label>
          ))}
        </fieldset>
      ) : (
        <p data-testid="dealer-capabilities">{DEALER_CAPABILITIES.filter((c) => dealer.capabilities[c]).map((c) => t(`capabilities.${c}`)).join(', ') || t('detail.noCapabilities')}</p>
      )}
    </section>
  );
}

/** The users of a dealer on its card, with their permissions by name. */
export function DealerUsers({ users }: { readonly users: readonly AdminDealerUser[] }) {
  const { t } = useTranslation('dealers');
  const columns: TableColumn<AdminDealerUser>[] = [
    { key: 'username', header: t('users.username'), sortable: true, className: 'wide', cell: (u) => <Link to="/user-edit/$idUser" params={{ idUser: u.idUser }} data-testid={`dealer-user-open-${u.idUser}`}>{u.username}</Link> },
    { key: 'name', header: t('users.name'), sortable: true, sortValue: (u) => `${u.surname ?? ''} ${u.name ?? ''}`, cell: (u) => [u.name, u.surname].filter(Boolean).join(' ') || '—' },
    { key: 'roles', header: t('users.roles'), cell: (u) => roleNames(t as unknown as TFunction, u.roles) },
    { key: 'flgEnabled', header: t('users.enabled'), sortable: true, cell: (u) => t(u.flgEnabled ? 'common.yes' : 'common.no') },
    { key: 'reference', header: t('users.reference'), cell: (u) => (u.reference ? t('common.yes') : '') },
  ];
  return (
    <section aria-labelledby="dealer-users-title" className="dealer-section">
      <h2 id="dealer-users-title">{t('users.title')}</h2>
      <DataTable
        mode="client" rows={users} columns={columns} rowKey={(u) => u.idUser} rowTestId={(u) => `dealer-user-${u.idUser}`}
        pageSizes={[10, 20, 50]} caption={t('users.title')} empty={t('users.empty')} testId="dealer-users" initialSort={{ field: 'username', order: 'asc' }}
      />
    </section>
  );
}
