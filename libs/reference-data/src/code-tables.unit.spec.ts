import { describe, expect, it } from 'vitest';
import { CODE_TABLE_ERROR_CODES, CodeTableError } from './code-table.errors.js';
import { CodeTables, elements, elementsMap, groups } from './code-tables.js';
import { GROUP_CODES } from './code-element.js';

/** The error a call throws (fails the test when it throws none or another kind). */
function errorOf(call: () => unknown): CodeTableError {
  try {
    call();
  } catch (error) {
    if (error instanceof CodeTableError) return error;
    throw error;
  }
  throw new Error('expected a CodeTableError');
}

describe('elementsMap', () => {
  it('answers every group asked for in every market asked for', () => {
    const map = elementsMap({ groupCodes: ['COUNTRY_AREA', 'CAR_SOLD'], idMarkets: ['IT', 'FR'], lang: 'it' });
    expect(Object.keys(map)).toEqual(['COUNTRY_AREA', 'CAR_SOLD']);
    expect(map.COUNTRY_AREA?.IT).toHaveLength(107);
    expect(map.COUNTRY_AREA?.FR).toHaveLength(101);
    expect(map.CAR_SOLD?.FR?.[0]).toEqual({ groupCode: 'CAR_SOLD', elementCode: 'UP_TO_50', elementDes: 'Fino a 50 veicoli all’anno', ranking: 1, idMarket: 'FR' });
    expect(map.COUNTRY_AREA?.IT?.every((e) => e.idMarket === 'IT' && e.groupCode === 'COUNTRY_AREA')).toBe(true);
  });

  it('sorts CAR_SOLD by ranking, not by text', () => {
    const bands = elementsMap({ groupCodes: 'CAR_SOLD', idMarkets: 'IT', lang: 'en' }).CAR_SOLD?.IT ?? [];
    expect(bands.map((e) => e.ranking)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(bands.map((e) => e.elementCode)).toEqual(['UP_TO_50', '51_100', '101_250', '251_500', '501_1000', 'OVER_1000']);
  });

  it('sorts equal rankings by name with the collator of the language', () => {
    const es = elementsMap({ groupCodes: ['COUNTRY_AREA'], idMarkets: ['ES'], lang: 'es' }).COUNTRY_AREA?.ES?.map((e) => e.elementDes) ?? [];
    expect(es.indexOf('Ávila')).toBeLessThan(es.indexOf('Badajoz'));
    expect(es.indexOf('Álava')).toBe(-1);
    const de = elementsMap({ groupCodes: ['COUNTRY'], idMarkets: ['DE'], lang: 'de' }).COUNTRY?.DE?.map((e) => e.elementDes) ?? [];
    expect(de.indexOf('Österreich')).toBeGreaterThan(de.indexOf('Norwegen'));
    expect(de.indexOf('Österreich')).toBeLessThan(de.indexOf('Polen'));
  });

  it('keeps "Other" last whatever its name', () => {
    const activities = elementsMap({ groupCodes: ['DEALER_ACTIVITY'], idMarkets: ['PL'], lang: 'pl' }).DEALER_ACTIVITY?.PL ?? [];
    expect(activities.at(-1)?.elementCode).toBe('OTHER');
    const markets = elementsMap({ groupCodes: ['MARKET'], idMarkets: ['IT'], lang: 'fr' }).MARKET?.IT ?? [];
    expect(markets.at(-1)).toMatchObject({ elementCode: 'OTHER', elementDes: 'Autre' });
  });

  it('gives a market without areas an empty list', () => {
    expect(elementsMap({ groupCodes: ['COUNTRY_AREA'], idMarkets: ['OTHER'] }).COUNTRY_AREA?.OTHER).toEqual([]);
  });

  it('describes in Belgian Dutch as Dutch and in Luxembourg French as French', () => {
    const be = elementsMap({ groupCodes: ['ROLE'], idMarkets: ['BE'], lang: 'be' }).ROLE?.BE ?? [];
    const lu = elementsMap({ groupCodes: ['ROLE'], idMarkets: ['LU'], lang: 'lu' }).ROLE?.LU ?? [];
    expect(be.find((e) => e.elementCode === 'BUYER')?.elementDes).toBe('Koper');
    expect(lu.find((e) => e.elementCode === 'BUYER')?.elementDes).toBe('Acheteur');
  });

  it('takes repeated, comma-separated, lower-case, duplicate and empty values', () => {
    const map = elementsMap({ groupCodes: ['car_sold,ROLE', 'ROLE', '', ' CAR_SOLD '], idMarkets: ['it', 'IT', ''] });
    expect(Object.keys(map)).toEqual(['CAR_SOLD', 'ROLE']);
    expect(Object.keys(map.ROLE ?? {})).toEqual(['IT']);
  });

  it('describes in English when no language is given', () => {
    expect(elementsMap({ groupCodes: 'ROLE', idMarkets: 'IT' }).ROLE?.IT?.[0]?.elementDes).toBe('User');
  });

  it('refuses missing lists, unknown groups, markets and languages, with their codes', () => {
    expect(errorOf(() => elementsMap({ groupCodes: [], idMarkets: ['IT'] }))).toMatchObject({ code: 400070, parameter: 'groupCodes' });
    expect(errorOf(() => elementsMap({ groupCodes: ['ROLE'], idMarkets: undefined }))).toMatchObject({ code: 400070, parameter: 'idMarkets' });
    expect(errorOf(() => elementsMap({ groupCodes: [' ', ''], idMarkets: ['IT'] })).code).toBe(CODE_TABLE_ERROR_CODES.MISSING_PARAMETER);
    expect(errorOf(() => elementsMap({ groupCodes: ['NOPE'], idMarkets: ['IT'] }))).toMatchObject({ code: 400071, parameter: 'groupCodes' });
    expect(errorOf(() => elementsMap({ groupCodes: ['ROLE'], idMarkets: ['XX'] }))).toMatchObject({ code: 400072, parameter: 'idMarkets' });
    expect(errorOf(() => elementsMap({ groupCodes: ['ROLE'], idMarkets: ['IT'], lang: 'sv' }))).toMatchObject({ code: 400073, parameter: 'lang' });
    const error = errorOf(() => elementsMap({ groupCodes: ['NOPE'], idMarkets: ['IT'] }));
    expect(error.httpStatus).toBe(400);
    expect(error.message).toContain('"NOPE"');
  });

  it('refuses more than 30 groups or 20 markets, and anything that is not text; every group at once is answered', () => {
    const many = Array.from({ length: 31 }, (_, i) => `G${i}`);
    expect(errorOf(() => elementsMap({ groupCodes: many, idMarkets: ['IT'] }))).toMatchObject({ code: 400074, parameter: 'groupCodes' });
    expect(errorOf(() => elementsMap({ groupCodes: ['ROLE'], idMarkets: many.slice(0, 21) }))).toMatchObject({ code: 400074, parameter: 'idMarkets' });
    expect(Object.keys(elementsMap({ groupCodes: [...GROUP_CODES], idMarkets: ['IT'] })).length).toBe(GROUP_CODES.length);
    expect(errorOf(() => elementsMap({ groupCodes: Array(500).fill('ROLE'), idMarkets: ['IT'] })).code).toBe(400074);
    expect(errorOf(() => elementsMap({ groupCodes: [{ $ne: 1 }] as unknown as string[], idMarkets: ['IT'] })).code).toBe(400075);
    // Twenty different values of which some repeat are fine: the limit counts what is asked, not how often.
    expect(Object.keys(elementsMap({ groupCodes: ['ROLE', 'ROLE', 'ROLE'], idMarkets: ['IT', 'DE'] }).ROLE ?? {})).toEqual(['IT', 'DE']);
  });

  it('quotes a long bad value shortened', () => {
    const error = errorOf(() => elementsMap({ groupCodes: ['X'.repeat(5000)], idMarkets: ['IT'] }));
    expect(error.code).toBe(400071);
    expect(error.message.length).toBeLessThan(500);
  });

  it('answers frozen lists, so a caller cannot change what the next one reads', () => {
    const first = elementsMap({ groupCodes: ['ROLE'], idMarkets: ['IT'] }).ROLE?.IT ?? [];
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => (first as unknown as unknown[]).push(1)).toThrow();
    expect(elementsMap({ groupCodes: ['ROLE'], idMarkets: ['IT'] }).ROLE?.IT).toHaveLength(9);
  });
});

describe('elements', () => {
  it('answers one group of one market', () => {
    const provinces = elements({ groupCode: 'COUNTRY_AREA', idMarket: 'IT', lang: 'it' });
    expect(provinces).toHaveLength(107);
    expect(provinces.map((e) => e.elementDes).slice(0, 3)).toEqual(['Agrigento', 'Alessandria', 'Ancona']);
  });

  it('filters on an element code, and answers an empty list for a code the table lacks', () => {
    expect(elements({ groupCode: 'COUNTRY_AREA', idMarket: 'IT', elementCode: 'MI' })).toEqual([
      { groupCode: 'COUNTRY_AREA', elementCode: 'MI', elementDes: 'Milano', ranking: 1, idMarket: 'IT' },
    ]);
    expect(elements({ groupCode: 'COUNTRY_AREA', idMarket: 'IT', elementCode: 'ZZ' })).toEqual([]);
    expect(elements({ groupCode: 'COUNTRY', elementCode: 'EN', lang: 'de' })).toEqual([
      { groupCode: 'COUNTRY', elementCode: 'EN', elementDes: 'Vereinigtes Königreich', ranking: 1, idMarket: null },
    ]);
  });

  it('reads a market-scoped group without a market as every market, market by market', () => {
    const all = elements({ groupCode: 'COUNTRY_AREA' });
    expect(all).toHaveLength(107 + 101 + 52 + 16 + 12 + 16 + 20 + 12 + 11 + 113);
    const markets = [...new Set(all.map((e) => e.idMarket))];
    expect(markets).toEqual(['EN', 'IT', 'DE', 'NL', 'ES', 'BE', 'FR', 'PL', 'PT', 'LU']);
  });

  it('refuses a missing or unknown group, an unknown market, two groups and a malformed element code', () => {
    expect(errorOf(() => elements({ groupCode: undefined })).code).toBe(400070);
    expect(errorOf(() => elements({ groupCode: '' })).code).toBe(400070);
    expect(errorOf(() => elements({ groupCode: 'NOPE' })).code).toBe(400071);
    expect(errorOf(() => elements({ groupCode: 'ROLE', idMarket: 'ZZ' })).code).toBe(400072);
    expect(errorOf(() => elements({ groupCode: ['ROLE', 'MARKET'] }))).toMatchObject({ code: 400074, parameter: 'groupCode' });
    expect(errorOf(() => elements({ groupCode: 'ROLE', elementCode: 'a b' }))).toMatchObject({ code: 400075, parameter: 'elementCode' });
    expect(errorOf(() => elements({ groupCode: 'ROLE', elementCode: 'A'.repeat(41) })).code).toBe(400075);
  });
});

describe('groups', () => {
  it('answers the groups asked for, in that order, with their description', () => {
    const answer = groups(['LANGUAGE', 'AUCTION_STATUS'], 'fr');
    expect(answer.map((g) => [g.groupCode, g.groupDes])).toEqual([['LANGUAGE', 'Langue'], ['AUCTION_STATUS', "Statut de l'enchère"]]);
    expect(answer[1]?.elements.map((e) => [e.elementCode, e.elementDes, e.idMarket])).toEqual([
      ['SCH', 'Programmée', null], ['RUN', 'En cours', null], ['CLD', 'Clôturée', null], ['AWA', 'Adjugée', null],
    ]);
  });

  it('answers every group when none is named', () => {
    expect(groups(undefined).map((g) => g.groupCode)).toContain('BRAND');
    expect(groups([]).length).toBe(groups(undefined).length);
  });

  it('refuses an unknown group or language', () => {
    expect(errorOf(() => groups(['ROLE', 'NOPE'])).code).toBe(400071);
    expect(errorOf(() => groups(['ROLE'], 'xx')).code).toBe(400073);
  });

  it('is what CodeTables bundles', () => {
    expect(CodeTables.groups).toBe(groups);
    expect(CodeTables.elements).toBe(elements);
    expect(CodeTables.elementsMap).toBe(elementsMap);
  });
});
