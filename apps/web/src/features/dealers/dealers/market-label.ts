import type { TFunction } from 'i18next';
import type { Market } from '@auction/domain';
import { isLanguage } from '@auction/i18n';
import { countryName } from '../../../ui/language-options.js';

/**
 * A market's name in the reader's language: the country's name from the browser's own data (as the header's country
 * dropdown shows it), `OTHER` from the dealers namespace.
 */
export function marketLabel(market: Market, t: TFunction, language: string): string {
  if (market === 'OTHER') return t('dealers:otherMarket');
  return countryName(market, isLanguage(language) ? language : 'en');
}
