import { AUCTION_STATUSES, AUCTION_TYPES, AWARD_STATUSES, MARKETS, ROLES, VEHICLE_STATES } from '@auction/domain';
import { LANGUAGES, resources, TRANSLATED_LANGUAGES } from '@auction/i18n';
import { describe, expect, it } from 'vitest';
import { GROUP_CODES, type ElementDef } from '../code-element.js';
import { describe as describeIn } from '../localize.js';
import { CATALOGUE, COUNTRY_AREAS } from './catalogue.js';
import { UK_COUNTIES } from './areas/uk.js';

const codesOf = (defs: readonly ElementDef[] | undefined) => (defs ?? []).map((d) => d.code);

describe('COUNTRY_AREA data', () => {
  it.each([
    ['IT', 107], ['FR', 101], ['ES', 52], ['DE', 16], ['NL', 12], ['PL', 16], ['PT', 20], ['LU', 12], ['BE', 11], ['EN', 113],
  ] as const)('market %s has %i areas', (market, count) => {
    expect(COUNTRY_AREAS[market]).toHaveLength(count);
  });

  it('OTHER has no areas', () => {
    expect(COUNTRY_AREAS.OTHER).toBeUndefined();
  });

  it('codes are unique within each market, and names too', () => {
    for (const [market, defs] of Object.entries(COUNTRY_AREAS)) {
      expect(new Set(codesOf(defs)).size, market).toBe(defs.length);
      expect(new Set(defs.map((d) => d.des)).size, market).toBe(defs.length);
    }
  });

  it('uses the codes each market writes: Italian siglas, INSEE departments, INE provinces', () => {
    expect(codesOf(COUNTRY_AREAS.IT)).toEqual(expect.arrayContaining(['MI', 'RM', 'TO', 'NA', 'BT', 'SU', 'VB', 'MB']));
    expect(codesOf(COUNTRY_AREAS.IT).every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
    expect(codesOf(COUNTRY_AREAS.FR)).toEqual(expect.arrayContaining(['01', '2A', '2B', '75', '95', '971', '974', '976']));
    expect(codesOf(COUNTRY_AREAS.FR)).not.toContain('20');
    expect(codesOf(COUNTRY_AREAS.FR)).not.toContain('975');
    expect(codesOf(COUNTRY_AREAS.ES)).toEqual(Array.from({ length: 52 }, (_, i) => String(i + 1).padStart(2, '0')));
    expect(COUNTRY_AREAS.IT?.find((d) => d.code === 'MI')?.des).toBe('Milano');
    expect(COUNTRY_AREAS.ES?.find((d) => d.code === '28')?.des).toBe('Madrid');
    expect(COUNTRY_AREAS.FR?.find((d) => d.code === '2A')?.des).toBe('Corse-du-Sud');
    expect(COUNTRY_AREAS.BE?.find((d) => d.code === 'BRU')?.des).toBe('Bruxelles-Capitale / Brussel-Hoofdstad');
  });

  it('the UK list is 48 English ceremonial counties, 22 Welsh, 32 Scottish and 11 Northern Irish areas', () => {
    const names = UK_COUNTIES.map(([, name]) => name);
    const at = (name: string) => names.indexOf(name);
    expect(at('Worcestershire') + 1).toBe(48);
    expect(at('Wrexham') + 1).toBe(48 + 22);
    expect(at('West Lothian') + 1).toBe(48 + 22 + 32);
    expect(names.length).toBe(48 + 22 + 32 + 11);
    expect(names).toEqual(expect.arrayContaining(['Greater London', 'Kent', 'Cardiff', 'Glasgow City', 'Belfast']));
  });
});

describe('every table', () => {
  it('has every group code, and unique element codes', () => {
    expect(Object.keys(CATALOGUE).sort()).toEqual([...GROUP_CODES].sort());
    for (const group of Object.values(CATALOGUE)) {
      if (group.scope !== 'all') continue;
      expect(new Set(codesOf(group.elements)).size, group.groupCode).toBe(group.elements.length);
      expect(group.elements.length, group.groupCode).toBeGreaterThan(0);
    }
  });

  it('describes every element and every group in all ten languages, be and lu falling back to nl and fr', () => {
    for (const group of Object.values(CATALOGUE)) {
      const defs = group.scope === 'all' ? group.elements : Object.values(group.byMarket).flat();
      for (const language of LANGUAGES) {
        expect(describeIn(group.des, language).trim(), `${group.groupCode} ${language}`).not.toBe('');
        for (const def of defs) expect(describeIn(def.des, language).trim(), `${group.groupCode}.${def.code} ${language}`).not.toBe('');
      }
    }
    const dealer = CATALOGUE.DEALER_ACTIVITY.scope === 'all' ? CATALOGUE.DEALER_ACTIVITY.elements[0]! : undefined;
    expect(describeIn(dealer!.des, 'be')).toBe(describeIn(dealer!.des, 'nl'));
    expect(describeIn(dealer!.des, 'lu')).toBe(describeIn(dealer!.des, 'fr'));
  });

  it('translates the descriptive tables: no two languages share every text of a table by accident', () => {
    const descriptive = ['DEALER_ACTIVITY', 'CAR_SOLD', 'BUYING_INTEREST', 'ROLE', 'AUCTION_STATUS', 'LOT_STATUS', 'COUNTRY', 'MARKET', 'LANGUAGE'] as const;
    for (const code of descriptive) {
      const group = CATALOGUE[code];
      if (group.scope !== 'all') throw new Error(code);
      for (const def of group.elements) expect(typeof def.des, `${code}.${def.code}`).toBe('object');
      const tableIn = (language: (typeof TRANSLATED_LANGUAGES)[number]) => group.elements.map((d) => describeIn(d.des, language)).join('|');
      expect(new Set(TRANSLATED_LANGUAGES.map(tableIn)).size, code).toBe(TRANSLATED_LANGUAGES.length);
    }
  });
});

describe('the tables that mirror the domain', () => {
  const codes = (group: keyof typeof CATALOGUE) => {
    const g = CATALOGUE[group];
    return g.scope === 'all' ? codesOf(g.elements) : [];
  };

  it('have exactly the domain codes', () => {
    expect(codes('AUCTION_STATUS')).toEqual([...AUCTION_STATUSES]);
    expect(codes('AWARD_STATUS').sort()).toEqual([...AWARD_STATUSES].sort());
    expect(codes('LOT_STATUS').sort()).toEqual([...AWARD_STATUSES].sort());
    expect(codes('AUCTION_TYPE')).toEqual([...AUCTION_TYPES]);
    expect(codes('ROLE')).toEqual([...ROLES]);
    expect(codes('MARKET').sort()).toEqual([...MARKETS].sort());
    expect(codes('LANGUAGE').sort()).toEqual([...LANGUAGES].sort());
    expect(codes('VEHICLE_SHOWCASE_STATE')).toEqual([...VEHICLE_STATES]);
    expect(codes('LISTING_KIND')).toEqual(['AUCTION', 'SHOWCASE']);
    expect(codes('EXPORT_FORMAT')).toEqual(['CSV', 'XLSX']);
    expect(codes('PERMISSION').every((p) => (ROLES as readonly string[]).includes(p))).toBe(true);
  });

  it('read as the screens already translate them (@auction/i18n)', () => {
    for (const language of TRANSLATED_LANGUAGES) {
      const texts = resources[language];
      for (const group of ['AUCTION_STATUS', 'AWARD_STATUS'] as const) {
        const g = CATALOGUE[group];
        if (g.scope !== 'all') throw new Error(group);
        for (const def of g.elements) expect(describeIn(def.des, language), `${group}.${def.code} ${language}`).toBe(texts.common.status[def.code as keyof typeof texts.common.status]);
      }
      const kinds = CATALOGUE.LISTING_KIND.scope === 'all' ? CATALOGUE.LISTING_KIND.elements : [];
      for (const def of kinds) expect(describeIn(def.des, language)).toBe(texts.purchases.channel[def.code as 'AUCTION' | 'SHOWCASE']);
      const states = CATALOGUE.VEHICLE_SHOWCASE_STATE.scope === 'all' ? CATALOGUE.VEHICLE_SHOWCASE_STATE.elements : [];
      for (const def of states) expect(describeIn(def.des, language)).toBe(texts.showcase.state[def.code as (typeof VEHICLE_STATES)[number]]);
    }
  });
});
