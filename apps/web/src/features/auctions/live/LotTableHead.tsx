import { useTranslation } from 'react-i18next';

/** The header of a table of {@link LotRow}s (the live auction page, the observed lots). */
export function LotTableHead() {
  const { t } = useTranslation('auction');
  return (
    <thead>
      <tr>
        <th scope="col">{t('lot.number')}</th>
        <th scope="col">{t('lot.plate')}</th>
        <th scope="col">{t('lot.vehicle')}</th>
        <th scope="col" className="num">{t('lot.base')}</th>
        <th scope="col" className="num">{t('lot.best')}</th>
        <th scope="col" className="num">{t('lot.offers')}</th>
        <th scope="col" className="num">{t('lot.mine')}</th>
        <th scope="col">{t('lot.state')}</th>
        <th scope="col">{t('lot.status')}</th>
        <th scope="col" className="num">{t('lot.endsIn')}</th>
        <th scope="col">{t('lot.actions')}</th>
        <th scope="col"><span className="visually-hidden">{t('lot.observe')}</span></th>
      </tr>
    </thead>
  );
}
