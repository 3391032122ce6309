import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDealerRow } from '@auction/contracts';
import { useServices } from '../../../ui/services-context.js';
import { DacDialog } from './DacDialog.js';
import { DealerTable } from './DealerTable.js';
import { ReadOnlyNote } from './ReadOnlyNote.js';
import { useDealerPage } from './use-dealer-page.js';
import { useDealerPowers, useDealersApi, useOneAtATime } from './use-dealers.js';
import './dealers.css';

/** Oldest registration first: the one waiting longest is checked first. */
const OLDEST_FIRST = { limit: 20, offset: 0, sortField: 'createdAt', sortOrder: 'asc' } as const;

/**
 * The registrations waiting to be checked (`GET /admin/dealer-to-configure`, PENDING, server paged): open one to see
 * its documents, enable it (`PUT /admin/enable-dealer`, the dealer is mailed), or look at the dealers that share its
 * VAT code (DAC dialog) first; the CSV export of the same list.
 */
export function DealerConfigure() {
  const { t } = useTranslation('dealers');
  const api = useDealersApi();
  const { dialogs } = useServices();
  const powers = useDealerPowers();
  const navigate = useNavigate();
  const list = useDealerPage(api.toConfigure, {}, OLDEST_FIRST);
  const [dac, setDac] = useState<string | null>(null);
  const action = useOneAtATime();
  const enable = (row: AdminDealerRow) => action.run(async () => {
    const name = row.businessName ?? row.sincom;
    if (!(await dialogs.confirm('dealers:detail.confirmEnable', { name }, 'dealers:detail.enable'))) return;
    const ok = await api.setEnabled(row.idDealer, true).then(() => true, () => false);
    if (ok) { void dialogs.success('dealers:detail.enabled', { name }); list.reload(); }
  });
  return (
    <section aria-labelledby="configure-title">
      <div className="page-head">
        <h1 id="configure-title">{t('configure.title')}</h1>
        <a className="btn" href={api.toConfigureExportUrl()} download data-testid="configure-export">{t('configure.export')}</a>
      </div>
      <ReadOnlyNote show={powers.readOnly} />
      <p className="muted">{t('configure.intro')}</p>
      {list.failed ? <p className="form-error">{t('common.failed')}</p> : (
        <DealerTable
          page={list.page} request={list.request} onRequest={list.setRequest} caption={t('configure.title')} testId="configure-list"
          actions={{
            header: t('configure.actions'),
            cell: (row) => (
              <span className="toolbar">
                <Link to="/dealer/$idDealer" params={{ idDealer: row.idDealer }} className="btn btn-small" aria-label={t('configure.checkLabel', { name: row.businessName ?? row.sincom })} data-testid={`configure-check-${row.idDealer}`}>
                  {t('configure.check')}
                </Link>
                {row.vatCode && (
                  <button type="button" className="btn btn-small" onClick={() => setDac(row.vatCode)} data-testid={`configure-dac-${row.idDealer}`}>
                    {t('configure.sameVat')}<span className="visually-hidden"> {row.vatCode}</span>
                  </button>
                )}
                <button
                  type="button" className="btn btn-small btn-primary" disabled={!powers.change} aria-disabled={action.busy || undefined} onClick={() => void enable(row)}
                  aria-label={t('configure.enableLabel', { name: row.businessName ?? row.sincom })} data-testid={`configure-enable-${row.idDealer}`}
                >
                  {t('detail.enable')}
                </button>
              </span>
            ),
          }}
        />
      )}
      {dac && (
        <DacDialog
          vatCode={dac} onCancel={() => setDac(null)}
          onSelect={(row) => { setDac(null); void navigate({ to: '/dealer/$idDealer', params: { idDealer: row.idDealer } }); }}
        />
      )}
    </section>
  );
}
