import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DealerDacRow } from '@auction/contracts';
import { ModalDialog } from '../../auctions/auctioneer/ModalDialog.js';
import { DataTable, type TableColumn } from '../../../ui/table/index.js';
import { useDealersApi, useLoaded } from './use-dealers.js';
import './dealers.css';

/** Page sizes of the DAC dialog (spec 02 §9). */
export const DAC_PAGE_SIZES = [5, 10, 20] as const;

/** The text a DAC row is filtered on (the dialog trims and lower-cases the typed filter). */
export function dacFilterText(row: DealerDacRow): string {
  return [row.sincom, row.businessName, row.address, row.city].filter(Boolean).join(' ');
}

interface Props {
  readonly vatCode: string;
  readonly onSelect: (row: DealerDacRow) => void;
  readonly onCancel: () => void;
}

/**
 * The dealer DAC dialog (spec 02 §2): the dealers sharing `vatCode` with columns sincom, businessName, address, city
 * and configure; a text filter, sorting, pages of 5/10/20 with first and last buttons. Choosing a row's configure
 * button closes the dialog and returns that dealer.
 */
export function DacDialog({ vatCode, onSelect, onCancel }: Props) {
  const { t } = useTranslation('dealers');
  const api = useDealersApi();
  const rows = useLoaded(() => api.dac(vatCode), vatCode);
  const [filter, setFilter] = useState('');
  const columns: TableColumn<DealerDacRow>[] = [
    { key: 'sincom', header: t('dac.sincom'), sortable: true, cell: (r) => r.sincom },
    { key: 'businessName', header: t('fields.businessName'), sortable: true, className: 'wide', cell: (r) => r.businessName ?? '—' },
    { key: 'address', header: t('fields.address'), sortable: true, cell: (r) => r.address ?? '—' },
    { key: 'city', header: t('fields.city'), sortable: true, cell: (r) => r.city ?? '—' },
    {
      key: 'configure', header: t('dac.configure'),
      cell: (r) => (
        <button type="button" className="btn btn-small" onClick={() => onSelect(r)} aria-label={t('dac.configureLabel', { sincom: r.sincom })} data-testid={`dac-select-${r.idDealer}`}>
          {t('dac.configure')}
        </button>
      ),
    },
  ];
  return (
    <ModalDialog title={t('dac.title', { vatCode })} testId="dac-dialog" onCancel={onCancel}>
      <label className="field">
        <span>{t('dac.filter')}</span>
        <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} data-testid="dac-filter" />
      </label>
      {rows.status === 'ready' ? (
        <DataTable
          mode="client" rows={rows.data} filter={filter} filterText={dacFilterText} columns={columns}
          rowKey={(r) => r.idDealer} rowTestId={(r) => `dac-row-${r.idDealer}`} pageSizes={DAC_PAGE_SIZES}
          caption={t('dac.caption', { vatCode })} empty={t('dac.empty')} testId="dac-table"
        />
      ) : rows.status === 'loading' ? <p className="muted">{t('common.loading')}</p> : <p className="form-error">{t('common.failed')}</p>}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onCancel} data-testid="dac-close">{t('common.close')}</button>
      </div>
    </ModalDialog>
  );
}
