import { useEffect, useState } from 'react';
import { optionsOf, type CodeOption, type CodeTableMap, type RegistrationApi } from './registration-api.js';

const FORM_GROUPS = ['COUNTRY', 'DEALER_ACTIVITY', 'CAR_SOLD', 'BUYING_INTEREST'] as const;

/**
 * The form's code tables in the page language: the market-wide ones once per language, COUNTRY_AREA again whenever
 * the chosen country changes. A failed lookup leaves the dropdown empty (the HTTP client has said why).
 */
export function useCodeTables(api: RegistrationApi, market: string, country: string, lang: string) {
  const [tables, setTables] = useState<CodeTableMap | null>(null);
  const [areas, setAreas] = useState<CodeTableMap | null>(null);
  useEffect(() => {
    let live = true;
    api.codeTables(FORM_GROUPS, [market], lang).then((m) => { if (live) setTables(m); }, () => undefined);
    return () => { live = false; };
  }, [api, market, lang]);
  useEffect(() => {
    let live = true;
    setAreas(null);
    if (country) api.codeTables(['COUNTRY_AREA'], [country], lang).then((m) => { if (live) setAreas(m); }, () => undefined);
    return () => { live = false; };
  }, [api, country, lang]);
  return (group: string): readonly CodeOption[] => (group === 'COUNTRY_AREA' ? optionsOf(areas, group, country) : optionsOf(tables, group, market));
}
