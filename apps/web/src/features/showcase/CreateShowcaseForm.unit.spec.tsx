// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { Page, VehicleCard } from '@auction/contracts';
import { createI18n } from '../../i18n/i18n.js';
import type { Services } from '../../services.js';
import { ServicesContext } from '../../ui/services-context.js';
import { createStore } from '../../ui/store.js';
import { CreateShowcaseForm } from './CreateShowcaseForm.js';

vi.mock('@tanstack/react-router', () => ({ useNavigate: () => vi.fn() }));

let i18n: I18n;
beforeAll(async () => { i18n = await createI18n('en'); });
afterEach(cleanup);

const vehicle = (n: number): VehicleCard => ({
  idVehicle: `V-${n}`, provenance: 'LEASYS-IT', provenanceName: 'Leasys Italia', status: 'STOCK', published: true, holder: { role: 'LOADER', idUser: 'loader' },
  licensePlate: `GD${100 + n}LS`, frame: `ZFA312000002${String(n).padStart(5, '0')}`, brand: 'Fiat', model: 'Tipo', version: null,
  firstRegistration: '2019-01-15', mileageKm: 1000 * n, fuel: 'DIESEL', gearbox: 'MANUAL', powerKw: 88, colour: null, damageTotal: 0, channel: 'LEASING',
  area: 'Nord', region: 'Lombardia', price: null, auctionsCount: 0, insertDate: '2026-11-01T00:00:00.000Z', photos: [],
  idAuction: null, idLot: null, idShowcase: null,
});
const stock = Array.from({ length: 3 }, (_, i) => vehicle(i + 1));

/** The form rendered with a showcase client over `stock`; `create` records what is sent. */
function renderForm(create: (...args: unknown[]) => unknown = vi.fn()) {
  const queries: { licensePlate?: string }[] = [];
  const showcase = {
    create,
    vehiclesForShowcase: async (q: { licensePlate?: string; limit: number; offset: number }): Promise<Page<VehicleCard>> => {
      queries.push(q);
      const found = stock.filter((v) => !q.licensePlate || v.licensePlate.includes(q.licensePlate));
      return { items: found, total: found.length, limit: q.limit, offset: q.offset } as Page<VehicleCard>;
    },
  };
  render(
    <I18nextProvider i18n={i18n}>
      <ServicesContext.Provider value={{ showcase, session: createStore(null), dialogs: {} } as unknown as Services}>
        <CreateShowcaseForm />
      </ServicesContext.Provider>
    </I18nextProvider>,
  );
  return { queries };
}

describe('the create-showcase form (#22 item 6)', () => {
  it('react-hook-form on the contract\'s schema: no vehicle and a zero price are refused in the form, a price as typed is sent', async () => {
    const create = vi.fn(async () => ({ idShowcase: 's', vehicles: [] }));
    renderForm(create);
    await act(async () => { fireEvent.submit(screen.getByTestId('create-showcase-form')); });
    screen.getByTestId('form-errors');
    expect(document.getElementById('vehicles-error')?.textContent).toBe(i18n.t('showcase:createShowcase.errors.noVehicles'));
    fireEvent.click(screen.getByTestId('pick-vehicles'));
    await act(async () => undefined);
    fireEvent.click(screen.getByTestId('picker-pick-V-1'));
    fireEvent.click(screen.getByTestId('picker-pick-V-3'));
    fireEvent.click(screen.getByTestId('picker-add'));
    // Each row shows its vehicle's plate beside its (absent) cover, from the shared picked-vehicle rows.
    expect(screen.getByTestId('showcase-row-V-3').textContent).toContain('GD103LS');
    fireEvent.change(screen.getByTestId('showcase-price-V-1'), { target: { value: "9'100" } });
    fireEvent.change(screen.getByTestId('showcase-price-V-3'), { target: { value: '0' } });
    await act(async () => { fireEvent.submit(screen.getByTestId('create-showcase-form')); });
    expect(screen.getByTestId('showcase-price-V-3').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('vehicles.1.price-error')).not.toBeNull();
    expect(screen.getByTestId('showcase-price-V-1').getAttribute('aria-invalid')).toBeNull();
    expect(create).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('showcase-price-V-3'), { target: { value: '8200,50' } });
    await act(async () => { fireEvent.submit(screen.getByTestId('create-showcase-form')); });
    expect(create).toHaveBeenCalledWith({ idMarket: 'IT', vehicles: [{ idVehicle: 'V-1', price: 9100 }, { idVehicle: 'V-3', price: 8200.5 }] }, expect.any(String));
  });

  it('a search in its vehicle picker finds vehicles by plate and neither closes the picker nor sends the form', async () => {
    const create = vi.fn();
    const { queries } = renderForm(create);
    fireEvent.click(screen.getByTestId('pick-vehicles'));
    await act(async () => undefined);
    fireEvent.change(screen.getByTestId('picker-plate'), { target: { value: 'GD102' } });
    await act(async () => { fireEvent.click(screen.getByTestId('picker-search')); });
    expect(queries.at(-1)).toMatchObject({ licensePlate: 'GD102' });
    expect(screen.getAllByTestId(/^picker-row-/).map((r) => r.getAttribute('data-testid'))).toEqual(['picker-row-V-2']);
    expect(screen.queryByTestId('form-errors')).toBeNull();
    expect(create).not.toHaveBeenCalled();
    // The picker is not inside the showcase form.
    expect(screen.getByTestId('create-showcase-form').contains(screen.getByTestId('picker-plate'))).toBe(false);
    fireEvent.click(screen.getByTestId('picker-pick-V-2'));
    fireEvent.click(screen.getByTestId('picker-add'));
    screen.getByTestId('showcase-row-V-2');
  });
});
