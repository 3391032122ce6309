import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Market } from '@auction/domain';
import { appLanguageOf } from '../../../i18n/i18n.js';
import { useServices } from '../../../ui/services-context.js';
import { optionsOf, type CodeOption } from '../../identity/registration/registration-api.js';

/** The market's COUNTRY_AREA codes and the CAR_SOLD classes, in the reader's language (as the registration form offers them). */
export function useSellerCodes(market: Market): { readonly areas: readonly CodeOption[]; readonly carSold: readonly CodeOption[] } {
  const { http } = useServices();
  const { i18n } = useTranslation();
  const language = appLanguageOf(i18n);
  const [codes, setCodes] = useState<{ areas: readonly CodeOption[]; carSold: readonly CodeOption[] }>({ areas: [], carSold: [] });
  useEffect(() => {
    let live = true;
    http.get<Parameters<typeof optionsOf>[0]>('/api/v1/open/ct-elements-map', { query: { groupCodes: ['COUNTRY_AREA', 'CAR_SOLD'], idMarkets: [market], lang: language }, noSpinner: true })
      .then((map) => { if (live) setCodes({ areas: optionsOf(map, 'COUNTRY_AREA', market), carSold: optionsOf(map, 'CAR_SOLD', market) }); },
        () => { if (live) setCodes({ areas: [], carSold: [] }); });
    return () => { live = false; };
  }, [http, market, language]);
  return codes;
}
