import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { CodeTableError } from './code-table.errors.js';
import { elementsMap } from './code-tables.js';
import { CODE_TABLE_NAMESPACE, flatRegionTranslations, regionTranslationKey, regionTranslationResources, REGION_GROUP } from './region-translations.js';

const AREA_MARKETS = ['IT', 'FR', 'ES', 'DE', 'BE', 'NL', 'PL', 'PT', 'LU', 'EN'] as const;

describe('region translation keys', () => {
  it('joins market, group and element code with dots', () => {
    expect(regionTranslationKey('IT', 'COUNTRY_AREA', 'MI')).toBe('IT.COUNTRY_AREA.MI');
    expect(regionTranslationKey('FR', REGION_GROUP, '2A')).toBe('FR.COUNTRY_AREA.2A');
  });

  it('names, through i18next, the label of every region option the code tables give', async () => {
    const instance = i18next.createInstance();
    await instance.init({ lng: 'it', resources: {}, ns: [CODE_TABLE_NAMESPACE] });
    instance.addResourceBundle('it', CODE_TABLE_NAMESPACE, regionTranslationResources('it'));
    const map = elementsMap({ groupCodes: [REGION_GROUP], idMarkets: [...AREA_MARKETS], lang: 'it' });
    let checked = 0;
    for (const market of AREA_MARKETS) {
      for (const element of map.COUNTRY_AREA?.[market] ?? []) {
        const key = regionTranslationKey(market, element.groupCode, element.elementCode);
        expect(instance.t(key, { ns: CODE_TABLE_NAMESPACE }), key).toBe(element.elementDes);
        checked += 1;
      }
    }
    expect(checked).toBe(107 + 101 + 52 + 16 + 11 + 12 + 16 + 20 + 12 + 113);
    expect(instance.t('IT.COUNTRY_AREA.RM', { ns: CODE_TABLE_NAMESPACE })).toBe('Roma');
  });

  it('flat and nested resources hold the same labels', () => {
    const flat = flatRegionTranslations('de');
    const nested = regionTranslationResources('de');
    expect(flat['DE.COUNTRY_AREA.BY']).toBe('Bayern');
    expect(nested.DE?.COUNTRY_AREA.BY).toBe('Bayern');
    for (const [key, label] of Object.entries(flat)) {
      const [market, group, code] = key.split('.');
      expect(group).toBe(REGION_GROUP);
      expect(nested[market as 'IT']?.COUNTRY_AREA[code!]).toBe(label);
    }
    expect(Object.keys(flat)).toHaveLength(460);
  });

  it('serves every portal language and refuses an unknown one', () => {
    expect(regionTranslationResources('be').BE?.COUNTRY_AREA.VAN).toBe('Antwerpen');
    expect(regionTranslationResources().EN?.COUNTRY_AREA.GTL).toBe('Greater London');
    expect(() => regionTranslationResources('klingon')).toThrow(CodeTableError);
  });
});
