// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { Page, VehicleCard } from '@auction/contracts';
import { createI18n } from '../../../i18n/i18n.js';
import type { Services } from '../../../services.js';
import { ServicesContext } from '../../../ui/services-context.js';
import { PICKER_PAGE, VehiclePicker } from './VehiclePicker.js';

let i18n: I18n;
beforeAll(async () => { i18n = await createI18n('en'); });
afterEach(cleanup);

const vehicle = (n: number): VehicleCard => ({
  idVehicle: `V-${n}`, provenance: 'LEASYS-IT', provenanceName: 'Leasys Italia', status: 'STOCK', published: true, holder: { role: 'LOADER', idUser: 'loader' },
  licensePlate: `GD${100 + n}LS`, frame: `ZFA312000002${String(n).padStart(5, '0')}`, brand: n % 2 ? 'Fiat' : 'Audi', model: 'Tipo', version: null,
  firstRegistration: '2019-01-15', mileageKm: 1000 * n, fuel: 'DIESEL', gearbox: 'MANUAL', powerKw: 88, colour: null, damageTotal: 0, channel: 'LEASING',
  area: 'Nord', region: 'Lombardia', price: null, auctionsCount: 0, insertDate: '2026-11-01T00:00:00.000Z', photos: n === 1 ? ['cover-1'] : [],
  idAuction: null, idLot: null, idShowcase: null,
});
const stock = Array.from({ length: 13 }, (_, i) => vehicle(i + 1));

/** A stand-in for `GET /vehicle-for-auction` that pages and filters like the server, and records each query. */
function fakeApi() {
  const queries: Record<string, unknown>[] = [];
  return {
    queries,
    vehiclesForAuction: async (q: { licensePlate?: string; brand?: string; limit: number; offset: number }): Promise<Page<VehicleCard>> => {
      queries.push(q);
      const found = stock.filter((v) => (!q.licensePlate || v.licensePlate.includes(q.licensePlate)) && (!q.brand || v.brand === q.brand));
      return { items: found.slice(q.offset, q.offset + q.limit), total: found.length, limit: q.limit, offset: q.offset } as Page<VehicleCard>;
    },
  };
}

async function open(taken: string[] = []) {
  const api = fakeApi();
  const closed: VehicleCard[][] = [];
  render(
    <I18nextProvider i18n={i18n}>
      <ServicesContext.Provider value={{ api, dialogs: {} } as unknown as Services}>
        <VehiclePicker taken={new Set(taken)} onClose={(picked) => closed.push(picked)} />
      </ServicesContext.Provider>
    </I18nextProvider>,
  );
  await act(async () => undefined);
  return { api, closed };
}

describe('the vehicle picker of the create-auction form (#22 item 5)', () => {
  it('pages the stock on the server, keeps ticks across pages and adds them in the order picked', async () => {
    const { api, closed } = await open(['V-2']);
    expect(api.queries).toEqual([{ licensePlate: undefined, brand: undefined, limit: PICKER_PAGE, offset: 0 }]);
    expect(screen.getAllByTestId(/^picker-row-/)).toHaveLength(PICKER_PAGE);
    expect((screen.getByTestId('picker-pick-V-2') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('picker-pick-V-2').getAttribute('aria-label')).toBe('Vehicle GD102LS is already a lot');
    expect(screen.getByTestId('picker-row-V-1').querySelector('img')?.getAttribute('src')).toBe('/api/v1/secure/image?idImage=cover-1&size=thumb');
    expect((screen.getByTestId('picker-add') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('picker-row-V-10').textContent).toContain("10'000 km");

    fireEvent.click(screen.getByTestId('picker-pick-V-3'));
    await act(async () => { fireEvent.click(screen.getByTestId('picker-next')); });
    expect(api.queries.at(-1)).toMatchObject({ offset: PICKER_PAGE });
    expect(screen.getAllByTestId(/^picker-row-/)).toHaveLength(3);
    expect(screen.getByTestId('picker-pager').textContent).toContain('11–13 of 13');
    fireEvent.click(screen.getByTestId('picker-pick-V-12'));
    await act(async () => { fireEvent.click(screen.getByTestId('picker-prev')); });
    expect((screen.getByTestId('picker-pick-V-3') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('picker-pick-V-1'));
    expect(screen.getByTestId('picker-add').textContent).toBe('Add as lots (3)');
    fireEvent.click(screen.getByTestId('picker-add'));
    expect(closed.map((list) => list.map((v) => v.idVehicle))).toEqual([['V-3', 'V-12', 'V-1']]);
  });

  it('searches by plate and brand from the first page; unticking drops a vehicle; cancel adds nothing', async () => {
    const { api, closed } = await open();
    await act(async () => { fireEvent.click(screen.getByTestId('picker-next')); });
    fireEvent.change(screen.getByTestId('picker-brand'), { target: { value: 'Audi' } });
    fireEvent.change(screen.getByTestId('picker-plate'), { target: { value: 'GD11' } });
    await act(async () => { fireEvent.click(screen.getByTestId('picker-search')); });
    expect(api.queries.at(-1)).toEqual({ licensePlate: 'GD11', brand: 'Audi', limit: PICKER_PAGE, offset: 0 });
    expect(screen.getAllByTestId(/^picker-row-/).map((r) => r.dataset.testid)).toEqual(['picker-row-V-10', 'picker-row-V-12']);
    fireEvent.click(screen.getByTestId('picker-pick-V-10'));
    fireEvent.click(screen.getByTestId('picker-pick-V-10'));
    expect((screen.getByTestId('picker-add') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('picker-plate'), { target: { value: 'ZZ' } });
    await act(async () => { fireEvent.click(screen.getByTestId('picker-search')); });
    expect(screen.getByTestId('picker-empty').textContent).toBe('No published vehicle in stock matches.');
    fireEvent.click(screen.getByTestId('picker-cancel'));
    expect(closed).toEqual([[]]);
  });
});
