import { useTranslation } from 'react-i18next';
import { DataTable, type TableColumn } from '../../../ui/table/index.js';
import type { RefusedRowLine } from './refused-rows.js';

/** The refused rows of a vehicle file, in the API's order (row, field, reason); the back-office table in client mode. */
export function RefusedRowsTable({ lines }: { readonly lines: readonly RefusedRowLine[] }) {
  const { t } = useTranslation('vehicleUpload');
  const columns: TableColumn<RefusedRowLine>[] = [
    { key: 'row', header: t('table.row'), cell: (r) => r.row, className: 'num', sortable: true },
    { key: 'field', header: t('table.field'), cell: (r) => r.field, sortable: true },
    { key: 'reason', header: t('table.reason'), cell: (r) => r.reason, className: 'wide' },
  ];
  return (
    <DataTable
      mode="client" rows={lines} columns={columns} rowKey={(r) => r.key} rowTestId={() => 'refused-row'} pageSizes={[20, 50, 100]}
      caption={t('table.caption')} empty={t('table.empty')} testId="refused-rows"
    />
  );
}
