import { createContext, useContext } from 'react';
import { formatDateTimeIn, timeZoneOfMarket } from '@auction/i18n';
import { useProfile } from './services-context.js';

const MarketZoneContext = createContext<string | null>(null);

/** Gives a screen's subtree the time zone its times are shown in: its auction market's (`timeZoneOfMarket`). */
export const MarketZoneProvider = MarketZoneContext.Provider;

/** The zone times are shown in here: the auction's market (see {@link MarketZoneProvider}), else the user's market. */
export function useMarketZone(): string {
  const zone = useContext(MarketZoneContext);
  const profile = useProfile();
  return zone ?? timeZoneOfMarket(profile?.idMarket ?? 'OTHER');
}

/**
 * How a list of rows from possibly several markets shows its times: with one zone for every row, that zone (named once
 * above the list) and plain times; with several, each time followed by its own zone.
 */
export function listTimes(markets: readonly string[]): { zone: string | null; format: (instant: string, market: string) => string } {
  const zones = new Set(markets.map(timeZoneOfMarket));
  const zone = zones.size === 1 ? [...zones][0]! : null;
  return {
    zone,
    format: (instant, market) => {
      const own = timeZoneOfMarket(market);
      return zone ? formatDateTimeIn(instant, own) : `${formatDateTimeIn(instant, own)} (${own})`;
    },
  };
}
