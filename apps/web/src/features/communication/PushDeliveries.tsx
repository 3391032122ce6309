import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PushDelivery, PushDeliveryPage, PushNotificationView } from '@auction/contracts';
import { useServices } from '../../ui/services-context.js';
import { DataTable, type PageRequest, type TableColumn } from '../../ui/table/index.js';

const SIZES = [10, 20, 50] as const;

/** One notification's deliveries, per user and device, with their state (and the error's text), paged by the server. */
export function PushDeliveries({ notification, reload, onClose }: { notification: PushNotificationView; reload: number; onClose: () => void }) {
  const { t, i18n } = useTranslation('communication');
  const { http } = useServices();
  const [request, setRequest] = useState<PageRequest>({ limit: SIZES[0], offset: 0, sortOrder: 'asc' });
  const [page, setPage] = useState<PushDeliveryPage | null>(null);
  const [again, setAgain] = useState(0);

  useEffect(() => {
    let live = true;
    http.get<PushDeliveryPage>(`/api/v1/admin/push-notification/${encodeURIComponent(notification.idNotification)}/deliveries`, {
      query: { limit: request.limit, offset: request.offset }, noSpinner: true,
    }).then((p) => { if (live) setPage(p); }, () => undefined);
    return () => { live = false; };
  }, [http, notification.idNotification, request, reload, again]);

  // A delivery still waiting: asked again every two seconds.
  const pending = page?.items.some((d) => d.state === 'QUEUED' || d.state === 'SENDING') === true;
  useEffect(() => {
    if (!pending) return undefined;
    const timer = setInterval(() => setAgain((a) => a + 1), 2_000);
    return () => clearInterval(timer);
  }, [pending]);

  const columns: TableColumn<PushDelivery>[] = [
    { key: 'username', header: t('push.user'), className: 'wide', cell: (d) => d.username },
    { key: 'device', header: t('push.device'), cell: (d) => d.device },
    { key: 'state', header: t('push.state'), cell: (d) => <span data-testid={`push-state-${d.idUser}`}>{t(`push.states.${d.state}`)}</span> },
    { key: 'attempts', header: t('push.attempts'), className: 'num', cell: (d) => d.attempts },
    { key: 'sentAt', header: t('push.sentAt'), cell: (d) => (d.sentAt ? new Date(d.sentAt).toLocaleString(i18n.language) : '') },
    { key: 'error', header: t('push.error'), cell: (d) => (d.errorCode ? t(`errors:${d.errorCode}`) : '') },
  ];

  return (
    <section aria-labelledby="push-deliveries-title" className="push-deliveries" data-testid="push-deliveries">
      <div className="page-head">
        <h2 id="push-deliveries-title">{t('push.deliveriesOf', { title: notification.title })}</h2>
        <button type="button" className="btn btn-small" onClick={onClose} data-testid="push-deliveries-close">{t('email.close')}</button>
      </div>
      {page && (
        <DataTable
          mode="server" rows={page.items} total={page.total} request={request} onRequest={setRequest} columns={columns}
          rowKey={(d) => `${d.idUser}${d.device}`} pageSizes={SIZES} caption={t('push.deliveriesOf', { title: notification.title })}
          empty={t('push.noDevices')} testId="push-deliveries-table"
        />
      )}
    </section>
  );
}
