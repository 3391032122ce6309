import { useTranslation } from 'react-i18next';
import type { AdminDealerRow } from '@auction/contracts';
import { useServices } from '../../../ui/services-context.js';
import { DealerTable } from '../dealers/DealerTable.js';
import { ReadOnlyNote } from '../dealers/ReadOnlyNote.js';
import { useDealerPage } from '../dealers/use-dealer-page.js';
import { useDealerPowers, useDealersApi, useOneAtATime } from '../dealers/use-dealers.js';
import '../dealers/dealers.css';

/** The showcase exhibitors (`GET /admin/exhibitor`, server paged) and their enable/disable (`PUT /admin/enable-exhibitor`, ADMIN). */
export function Exhibitors() {
  const { t } = useTranslation('dealers');
  const api = useDealersApi();
  const { dialogs } = useServices();
  const powers = useDealerPowers();
  const list = useDealerPage(api.exhibitors);
  const action = useOneAtATime();
  const toggle = (row: AdminDealerRow) => action.run(async () => {
    const on = !row.capabilities.exhibitor;
    const name = row.businessName ?? row.sincom;
    if (!(await dialogs.confirm(`dealers:exhibitors.${on ? 'confirmEnable' : 'confirmDisable'}`, { name }))) return;
    const ok = await api.setCapability('exhibitor', row.idDealer, on).then(() => true, () => false);
    if (ok) { void dialogs.success('dealers:detail.capabilityChanged', { name }); list.reload(); }
  });
  return (
    <section aria-labelledby="exhibitors-title">
      <div className="page-head"><h1 id="exhibitors-title">{t('exhibitors.title')}</h1></div>
      <ReadOnlyNote show={powers.readOnly} />
      {list.failed ? <p className="form-error">{t('common.failed')}</p> : (
        <DealerTable
          page={list.page} request={list.request} onRequest={list.setRequest} caption={t('exhibitors.title')} testId="exhibitor-list"
          actions={{
            header: t('exhibitors.exhibitor'),
            cell: (row) => (
              <button
                type="button" className="btn btn-small" disabled={!powers.admin} aria-disabled={action.busy || undefined} onClick={() => void toggle(row)}
                aria-label={t(row.capabilities.exhibitor ? 'exhibitors.disableLabel' : 'exhibitors.enableLabel', { name: row.businessName ?? row.sincom })}
                data-testid={`exhibitor-toggle-${row.idDealer}`}
              >
                {t(row.capabilities.exhibitor ? 'exhibitors.disable' : 'exhibitors.enable')}
              </button>
            ),
          }}
        />
      )}
    </section>
  );
}
