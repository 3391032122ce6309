import { beforeAll, describe, expect, it } from 'vitest';
import type { i18n as I18n, TFunction } from 'i18next';
import { createI18n } from '../../../i18n/i18n.js';
import { dayText, vehicleKeyTexts, vehicleSheetRows } from './vehicle-facts.js';

let i18n: I18n;
let t: TFunction;
beforeAll(async () => { i18n = await createI18n('it'); t = i18n.t.bind(i18n) as TFunction; });

describe("a lot's vehicle facts", () => {
  it("key data beside the thumbnail: the registration day, the mileage in the language's numbers, the fuel by name", () => {
    expect(vehicleKeyTexts({ firstRegistration: '2019-06-15', mileageKm: 72500, fuel: 'PLUG_IN_HYBRID' }, t, 'it')).toEqual(['15/06/2019', "72'500 km", 'Ibrida plug-in']);
    // A lot typed by hand has none; a fuel code the client does not know is shown as it came.
    expect(vehicleKeyTexts({ firstRegistration: null, mileageKm: null, fuel: null }, t, 'it')).toEqual([]);
    expect(vehicleKeyTexts({ mileageKm: 0, fuel: 'STEAM' }, t, 'it')).toEqual(['0 km', 'STEAM']);
  });

  it('the data sheet: the fields the vehicle has, in order, a location given as {area, region} included', () => {
    const rows = vehicleSheetRows({ version: '1.3 PHEV', gearbox: 'AUTOMATIC', powerKw: 177, colour: null, location: { area: 'Centro', region: 'Lazio' }, unknown: 'x' }, t, 'it');
    expect(rows).toEqual([['Versione', '1.3 PHEV'], ['Cambio', 'Automatico'], ['Potenza', '177 kW'], ['Area', 'Centro'], ['Regione', 'Lazio']]);
  });

  it('dayText: DD/MM/YYYY of a day, anything else as it came', () => {
    expect([dayText('2020-01-31'), dayText('31.01.2020')]).toEqual(['31/01/2020', '31.01.2020']);
  });
});
