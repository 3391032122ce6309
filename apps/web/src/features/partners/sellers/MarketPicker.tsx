import { useTranslation } from 'react-i18next';
import type { Market } from '@auction/domain';
import { appLanguageOf } from '../../../i18n/i18n.js';
import { useProfile } from '../../../ui/services-context.js';
import { marketLabel } from '../../dealers/dealers/market-label.js';

/** The markets the caller manages (adminEnabledMarket), as a select. */
export function MarketPicker({ value, onChange }: { readonly value: Market; readonly onChange: (market: Market) => void }) {
  const { t, i18n } = useTranslation('sellers');
  const profile = useProfile();
  const markets = profile?.adminEnabledMarket?.length ? profile.adminEnabledMarket : [value];
  return (
    <label className="field">
      <span>{t('fields.market')}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as Market)} data-testid="seller-market">
        {markets.map((m) => <option key={m} value={m}>{marketLabel(m, t, appLanguageOf(i18n))}</option>)}
      </select>
    </label>
  );
}
