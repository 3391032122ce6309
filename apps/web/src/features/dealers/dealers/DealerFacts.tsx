import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDealerDetail } from '@auction/contracts';
import { MARKETS, registrationLayout, type Market } from '@auction/domain';
import { formatDateTimeIn, timeZoneOfMarket } from '@auction/i18n';
import { useLanguage } from '../../../ui/Money.js';
import { useServices } from '../../../ui/services-context.js';
import { countryName } from '../../../ui/language-options.js';
import { optionsOf, registrationApi, type CodeTableMap } from '../../identity/registration/registration-api.js';
import { marketLabel } from './market-label.js';

/** The code tables a dealer card names its codes with. */
type CodeGroup = 'COUNTRY' | 'COUNTRY_AREA' | 'DEALER_ACTIVITY' | 'CAR_SOLD' | 'BUYING_INTEREST';

/** The name of a code in the reader's language, or null when the table does not know it (the code is shown then). */
export type CodeLabel = (group: CodeGroup, code: string) => string | null;

/**
 * The code tables of one dealer's card, in the page language: the regions of its country, and its market's countries
 * and activity answers. Until they arrive (or when the lookup fails) every label is null and the codes show.
 */
export function useDealerCodeLabels(dealer: AdminDealerDetail): CodeLabel {
  const { http, spinner } = useServices();
  const lang = useLanguage();
  const api = useMemo(() => registrationApi(http, spinner), [http, spinner]);
  const [tables, setTables] = useState<{ market: CodeTableMap | null; areas: CodeTableMap | null }>({ market: null, areas: null });
  useEffect(() => {
    let live = true;
    const quiet = () => null;
    void Promise.all([
      api.codeTables(['COUNTRY', 'DEALER_ACTIVITY', 'CAR_SOLD', 'BUYING_INTEREST'], [dealer.idMarket], lang).catch(quiet),
      dealer.country ? api.codeTables(['COUNTRY_AREA'], [dealer.country], lang).catch(quiet) : Promise.resolve(null),
    ]).then(([market, areas]) => { if (live) setTables({ market, areas }); });
    return () => { live = false; };
  }, [api, dealer.idMarket, dealer.country, lang]);
  return (group, code) => {
    const list = group === 'COUNTRY_AREA' ? optionsOf(tables.areas, group, dealer.country ?? undefined) : optionsOf(tables.market, group, dealer.idMarket);
    return list.find((o) => o.elementCode === code)?.elementDes ?? null;
  };
}

/**
 * A dealer's data as staff read it: names rather than codes (the country and the market by name, the region as
 * "Roma (RM)"), the activity answers and the reference user's consents of the sign-up, and REGON only where the
 * country has one (Poland) or a value was stored.
 */
export function DealerFacts({ dealer, label }: { readonly dealer: AdminDealerDetail; readonly label: CodeLabel }) {
  const { t } = useTranslation('dealers');
  // The dealer's creation on its own market's clock, the zone named.
  const zone = timeZoneOfMarket(dealer.idMarket);
  const language = useLanguage();
  const named = (group: CodeGroup, code: string | null, withCode = false) => {
    if (!code) return null;
    const name = label(group, code);
    return name ? (withCode && name !== code ? `${name} (${code})` : name) : code;
  };
  const country = dealer.country && (MARKETS as readonly string[]).includes(dealer.country) && dealer.country !== 'OTHER'
    ? countryName(dealer.country as Market, language) : named('COUNTRY', dealer.country);
  const fact = (key: string, title: string, value: string | null | undefined) => (
    <><dt>{title}</dt><dd data-testid={`dealer-${key}`}>{value || '—'}</dd></>
  );
  const consent = (given: boolean | undefined) => (given === undefined ? null : t(given ? 'registration:consent.agree' : 'registration:consent.disagree'));
  const showRegon = registrationLayout(dealer.country).fields.regon.shown || !!dealer.regon;
  return (
    <dl className="dealer-facts">
      {fact('idDealer', t('fields.idDealer'), dealer.sincom)}
      {fact('vatCode', t('fields.vatCode'), dealer.vatCode)}
      {showRegon && fact('regon', t('registration:field.regon'), dealer.regon)}
      {fact('address', t('fields.address'), [dealer.address, dealer.postalCode, dealer.city].filter(Boolean).join(', '))}
      {fact('country', t('fields.country'), country)}
      {fact('market', t('fields.market'), marketLabel(dealer.idMarket as Market, t, language))}
      {fact('region', t('fields.region'), named('COUNTRY_AREA', dealer.region, true))}
      {fact('email', t('fields.email'), dealer.email)}
      {fact('phone', t('fields.phone'), dealer.phone)}
      {fact('mobile', t('fields.mobile'), dealer.mobile)}
      {fact('website', t('fields.website'), dealer.website)}
      {fact('typeDealerActivity', t('registration:field.typeDealerActivity'), named('DEALER_ACTIVITY', dealer.typeDealerActivity))}
      {fact('carSold', t('registration:field.carSold'), named('CAR_SOLD', dealer.carSold))}
      {fact('buyingInterest', t('registration:field.buyingInterest'), named('BUYING_INTEREST', dealer.buyingInterest))}
      {fact('reference', t('fields.reference'), [dealer.referenceName, dealer.referenceSurname, dealer.username].filter(Boolean).join(' '))}
      {([1, 2, 3] as const).map((n) => (
        <Consent key={n} n={n} title={t(`registration:consent.checkConsents${n}`)} value={consent(dealer.consents?.[`consent${n}`])} />
      ))}
      {fact('createdAt', t('fields.createdAt'), `${formatDateTimeIn(dealer.createdAt, zone)} (${zone})`)}
    </dl>
  );
}

function Consent({ n, title, value }: { readonly n: number; readonly title: string; readonly value: string | null }) {
  return <><dt>{title}</dt><dd data-testid={`dealer-consent${n}`}>{value ?? '—'}</dd></>;
}
