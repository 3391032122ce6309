import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AuditEntry, AuditPage } from '@auction/contracts';
import { formatDateTimeIn } from '@auction/i18n';
import { TimeZoneNote } from '../../../ui/TimeZoneNote.js';
import { useServices } from '../../../ui/services-context.js';
import { roleNames } from './role-names.js';
import { DataTable, type PageRequest, type TableColumn } from '../../../ui/table/index.js';
import { usersApi } from './users-api.js';

const AUDIT_SIZES = [10, 20, 50] as const;

/** The details of an audit entry in one line: `key: value` of its non-personal fields (ids, codes, flags, field names). */
export function auditDetails(details: AuditEntry['details'], roles: (codes: readonly string[]) => string = (codes) => codes.join(', ')): string {
  return Object.entries(details)
    .filter(([k]) => k !== 'by' && k !== 'at')
    .map(([k, v]) => `${k}: ${k === 'roles' && Array.isArray(v) ? roles(v.map(String)) : Array.isArray(v) ? v.join(', ') : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
    .join('; ');
}

/** The user's audit trail (GET /admin/audit?idUser), newest first, server-paged; `version` reloads it after a change. */
export function AuditTrail({ idUser, zone, version }: { idUser: string; version: number; zone: string }) {
  const { t, i18n } = useTranslation('people');
  const services = useServices();
  const api = useMemo(() => usersApi(services.http, services.dialogs), [services]);
  const [request, setRequest] = useState<PageRequest>({ limit: AUDIT_SIZES[0], offset: 0, sortOrder: 'desc' });
  const [page, setPage] = useState<AuditPage | null>(null);
  useEffect(() => {
    let live = true;
    api.audit(idUser, request.limit, request.offset).then((p) => { if (live) setPage(p); }, () => undefined);
    return () => { live = false; };
  }, [api, idUser, request, version]);
  const columns: TableColumn<AuditEntry>[] = [
    { key: 'at', header: t('audit.at'), cell: (e) => formatDateTimeIn(e.at, zone) },
    { key: 'type', header: t('audit.type'), cell: (e) => (i18n.exists(`people:audit.types.${e.type}`) ? t(`audit.types.${e.type}` as 'audit.types.UserDeleted') : e.type) },
    { key: 'by', header: t('audit.by'), cell: (e) => e.byUsername ?? e.by ?? t('audit.system') },
    { key: 'details', header: t('audit.details'), className: 'wide', cell: (e) => auditDetails(e.details, (codes) => roleNames(t as unknown as TFunction, codes)) },
  ];
  return (
    <section aria-labelledby="audit-title" className="card" data-testid="user-audit">
      <h2 id="audit-title">{t('audit.title')}</h2>
      <p><TimeZoneNote zone={zone} /></p>
      {page && (
        <DataTable
          mode="server" rows={page.items} total={page.total} request={request} onRequest={setRequest} columns={columns}
          rowKey={(e) => String(e.position)} pageSizes={AUDIT_SIZES} caption={t('audit.caption')} empty={t('audit.empty')} testId="audit-table"
        />
      )}
    </section>
  );
}
