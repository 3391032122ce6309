// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { VehicleSheet } from '@auction/contracts';
import { Http } from '../../api/http.js';
import { createI18n } from '../../i18n/i18n.js';
import type { Services } from '../../services.js';
import { Dialogs } from '../../ui/dialogs.js';
import { ServicesContext } from '../../ui/services-context.js';
import { Spinner } from '../../ui/spinner.js';
import { VehicleEditForm } from './VehicleEditForm.js';
import { editRequest, formValuesOf, refusalField, VehicleEditFormSchema } from './vehicle-edit-form.js';

let i18n: I18n;
beforeAll(async () => { i18n = await createI18n('en'); });
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const SHEET: VehicleSheet = {
  idVehicle: 'V-DEMO-7', provenance: 'LEASYS-IT', provenanceName: 'Leasys', status: 'STOCK', published: false, holder: { role: 'LOADER', idUser: 'loader' },
  licensePlate: 'GD106LS', frame: 'ZFA31200000200006', brand: 'BMW', model: 'X1 sDrive18d', version: null, firstRegistration: '2020-07-15',
  mileageKm: 82_000, fuel: 'DIESEL', gearbox: 'AUTOMATIC', powerKw: 110, colour: 'Grigio', damageTotal: 0, channel: 'LEASING', area: 'Nord',
  region: 'Piemonte', price: null, auctionsCount: 0, insertDate: '2026-11-01T00:00:00.000Z', photos: [], idAuction: null, idLot: null, idShowcase: null,
  appraisal: { appraisedOn: '2026-10-01', grade: 'A', notes: null }, documents: [],
};

/** A stand-in for the network (named as such): records each call and answers with `answer(body)`. */
function fakeNetwork(answer: (body: Record<string, unknown>) => { status: number; body: unknown }) {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    sent.push(body);
    const a = answer(body);
    return new Response(JSON.stringify(a.body), { status: a.status });
  });
  return sent;
}

function show() {
  const dialogs = new Dialogs();
  const http = new Http({ spinner: new Spinner(), dialogs, onUnauthorized: () => undefined, onLoggedOut: () => undefined });
  const saved: VehicleSheet[] = [];
  render(
    <I18nextProvider i18n={i18n}>
      <ServicesContext.Provider value={{ http, dialogs } as unknown as Services}>
        <VehicleEditForm vehicle={SHEET} onSaved={(s) => saved.push(s)} />
      </ServicesContext.Provider>
    </I18nextProvider>,
  );
  return { dialogs, saved };
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const save = () => act(async () => { fireEvent.click(screen.getByTestId('vehicle-edit-save')); await new Promise((r) => setTimeout(r, 0)); });

describe('the vehicle edit form (react-hook-form on the contract, the domain rules, the server\'s refusals)', () => {
  it('sends only the changed field and shows the answer', async () => {
    const sent = fakeNetwork((body) => ({ status: 200, body: { ...SHEET, mileageKm: body.mileageKm } }));
    const { saved, dialogs } = show();
    type('vehicle-edit-mileageKm', '91000');
    await save();
    expect(sent).toEqual([{ idVehicle: 'V-DEMO-7', mileageKm: 91_000 }]);
    expect(saved.map((s) => s.mileageKm)).toEqual([91_000]);
    expect(dialogs.queue.get().map((d) => d.kind)).toEqual(['success']);
  });

  it('refuses a frame that is no VIN beside the field, with the text of the server\'s code, and sends nothing', async () => {
    const sent = fakeNetwork(() => ({ status: 200, body: SHEET }));
    show();
    type('vehicle-edit-frame', 'ZFA3120000020000I');
    await save();
    expect(sent).toEqual([]);
    expect(screen.getByTestId('vehicle-edit-frame-error').textContent).toBe(i18n.t('errors:422201'));
    expect(screen.getByTestId('vehicle-edit-frame').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the server\'s "plate of another vehicle" (409210) beside the plate, not in a dialog', async () => {
    fakeNetwork(() => ({ status: 409, body: { errorCode: 409210, errorMsg: 'licence plate taken' } }));
    const { dialogs } = show();
    type('vehicle-edit-licensePlate', 'GD100LS');
    await save();
    expect(screen.getByTestId('vehicle-edit-licensePlate-error').textContent).toBe(i18n.t('errors:409210'));
    expect(dialogs.queue.get()).toEqual([]);
  });

  it('opens the error dialog for a refusal that names no field', async () => {
    fakeNetwork(() => ({ status: 403, body: { errorCode: 403200, errorMsg: 'not yours now' } }));
    const { dialogs } = show();
    type('vehicle-edit-colour', 'Nero');
    await save();
    expect(dialogs.queue.get().map((d) => [d.kind, d.errorCode])).toEqual([['error', 403200]]);
  });
});

describe('the form\'s pure parts', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  const output = (over: Partial<ReturnType<typeof formValuesOf>> = {}) => VehicleEditFormSchema.parse({ ...formValuesOf(SHEET), ...over });

  it('reads days DD/MM/YYYY, an empty optional text as null and an empty appraisal as none', () => {
    expect(output({ firstRegistration: '15/07/2020', colour: ' ', appraisal: { appraisedOn: '', grade: '', notes: '' } }))
      .toMatchObject({ firstRegistration: '2020-07-15', colour: null, appraisal: null });
  });

  it('asks nothing when nothing changed, and the changed fields only otherwise', () => {
    expect(editRequest(SHEET, output(), now)).toBeNull();
    expect(editRequest(SHEET, output({ colour: 'Nero', location: { area: 'Nord', region: 'Lombardia' } }), now))
      .toEqual({ idVehicle: 'V-DEMO-7', colour: 'Nero', location: { area: 'Nord', region: 'Lombardia' } });
  });

  it('puts a server refusal beside its field, or in the dialog', () => {
    expect(refusalField(422204, 'mileageKm: is not a whole number')).toEqual({ field: 'mileageKm', code: 422204 });
    expect(refusalField(422202, 'location.region: is required')).toEqual({ field: 'location.region', code: 422202 });
    expect(refusalField(409211, 'frame taken')).toEqual({ field: 'frame', code: 409211 });
    expect(refusalField(403200, 'not yours')).toBeNull();
  });
});
