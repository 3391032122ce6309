import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AuditEntry } from '@auction/contracts';
import { formatDateTimeIn, timeZoneOfMarket } from '@auction/i18n';
import { TimeZoneNote } from '../../../ui/TimeZoneNote.js';
import { roleNames } from '../users/role-names.js';
import { DataTable, type PageRequest, type TableColumn } from '../../../ui/table/index.js';
import { useDealersApi, useLoaded } from './use-dealers.js';

/** A short readable form of an audit entry's non-personal details (`flgEnabled: false, fields: email`). */
export function auditDetails(details: Readonly<Record<string, unknown>>, roles: (codes: readonly string[]) => string = (codes) => codes.join(', ')): string {
  return Object.entries(details)
    .filter(([k]) => k !== 'by' && k !== 'at')
    .map(([k, v]) => `${k}: ${k === 'roles' && Array.isArray(v) ? roles(v.map(String)) : Array.isArray(v) ? v.join(', ') : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
    .join('; ');
}

/** The readable name of an audit entry's event: the dealer's own, else a user's (the trail holds both), else the code. */
export function auditTypeText(t: TFunction, type: string): string {
  return t(`audit.types.${type}`, { ns: 'dealers', defaultValue: t(`audit.types.${type}`, { ns: 'people', defaultValue: type }) });
}

/** The audit trail of one dealer (`GET /admin/audit?idDealer=`): every administrative change, who and when, newest first. */
export function AuditTrail({ idDealer, idMarket, version }: { readonly idDealer: string; readonly idMarket: string; readonly version: number }) {
  const { t } = useTranslation('dealers');
  const api = useDealersApi();
  // On the dealer's market clock, as its card, the zone named.
  const zone = timeZoneOfMarket(idMarket);
  const [request, setRequest] = useState<PageRequest>({ limit: 10, offset: 0, sortOrder: 'desc' });
  const page = useLoaded(() => api.audit(idDealer, request.limit, request.offset), `${idDealer}:${request.limit}:${request.offset}:${version}`);
  const columns: TableColumn<AuditEntry>[] = [
    { key: 'at', header: t('audit.at'), cell: (e) => formatDateTimeIn(e.at, zone) },
    { key: 'type', header: t('audit.type'), cell: (e) => auditTypeText(t as unknown as TFunction, e.type) },
    { key: 'by', header: t('audit.by'), cell: (e) => e.byUsername ?? e.by ?? t('audit.self') },
    { key: 'details', header: t('audit.details'), className: 'wide', cell: (e) => auditDetails(e.details, (codes) => roleNames(t as unknown as TFunction, codes)) },
  ];
  return (
    <section aria-labelledby="dealer-audit-title" className="dealer-section">
      <h2 id="dealer-audit-title">{t('audit.title')}</h2>
      <p><TimeZoneNote zone={zone} /></p>
      {page.status === 'ready' ? (
        <DataTable
          mode="server" rows={page.data.items} total={page.data.total} request={request} onRequest={setRequest}
          columns={columns} rowKey={(e) => `${e.streamId}:${e.position}`} pageSizes={[10, 20, 50]}
          caption={t('audit.title')} empty={t('audit.empty')} testId="dealer-audit"
        />
      ) : page.status === 'loading' ? <p className="muted">{t('common.loading')}</p> : <p className="form-error" data-testid="dealer-audit-failed">{t('common.failed')}</p>}
    </section>
  );
}
