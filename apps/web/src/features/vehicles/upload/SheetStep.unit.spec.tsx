// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { UserProfile, VehicleUploadResponse } from '@auction/contracts';
import { Http } from '../../../api/http.js';
import { createI18n } from '../../../i18n/i18n.js';
import type { Services } from '../../../services.js';
import { Dialogs } from '../../../ui/dialogs.js';
import { ServicesContext } from '../../../ui/services-context.js';
import { Spinner } from '../../../ui/spinner.js';
import { createStore } from '../../../ui/store.js';
import { SheetStep } from './SheetStep.js';
import type { VehicleUploadApi } from './upload-api.js';

let i18n: I18n;
beforeAll(async () => { i18n = await createI18n('en'); });
afterEach(() => { cleanup(); });

const LOADER = { idUser: 'loader', roles: ['USER', 'LOADER'], idDealer: 'D-AUCT', adminEnabledMarket: [] } as unknown as UserProfile;
const BATCH: VehicleUploadResponse = { tempId: 't1', provenance: 'LEASYS-IT', vehicles: [], expiresAt: '2026-11-25T08:00:00.000Z' };

/** The screen's calls, stood in for (named as such): the provenances given, each upload recorded and answered with a batch. */
function fakeApi(provenances: { code: string; idDealer: string }[]) {
  const uploads: { file: File | null | undefined; provenance: string }[] = [];
  const api = {
    provenances: async () => provenances.map((p) => ({ ...p, name: p.code, idMarket: 'IT' })),
    uploadVehicleFile: async (file: File | null | undefined, provenance: string) => { uploads.push({ file, provenance }); return BATCH; },
  } as unknown as VehicleUploadApi;
  return { api, uploads };
}

function show(api: VehicleUploadApi) {
  const dialogs = new Dialogs();
  const http = new Http({ spinner: new Spinner(), dialogs, onUnauthorized: () => undefined, onLoggedOut: () => undefined });
  const loaded = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <ServicesContext.Provider value={{ http, dialogs, session: createStore<UserProfile | null>(LOADER) } as unknown as Services}>
        <SheetStep api={api} onLoaded={loaded} />
      </ServicesContext.Provider>
    </I18nextProvider>,
  );
  return loaded;
}

describe('SheetStep: the vehicle-file form (react-hook-form on SheetFormSchema)', () => {
  it('says what is missing before any call, then sends the provenance and the file picked', async () => {
    const { api, uploads } = fakeApi([{ code: 'LEASYS-IT', idDealer: 'D-AUCT' }, { code: 'LEASYS-DE', idDealer: 'D-AUCT' }, { code: 'RENT-IT', idDealer: 'D-EXHB' }]);
    const loaded = show(api);
    await waitFor(() => expect(screen.getByTestId('sheet-provenance').querySelectorAll('option')).toHaveLength(3));
    fireEvent.click(screen.getByTestId('sheet-upload'));
    expect((await screen.findByTestId('sheet-file-error')).textContent).not.toBe('');
    expect(screen.getByTestId('sheet-provenance-error')).toBeTruthy();
    expect(screen.getByTestId('sheet-provenance').getAttribute('aria-invalid')).toBe('true');
    expect(uploads).toEqual([]);

    const file = new File(['licensePlate\n'], 'vehicles.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('sheet-drop-input'), { target: { files: [file] } });
    await waitFor(() => expect(screen.queryByTestId('sheet-file-error')).toBeNull());
    fireEvent.change(screen.getByTestId('sheet-provenance'), { target: { value: 'LEASYS-DE' } });
    fireEvent.click(screen.getByTestId('sheet-upload'));
    await waitFor(() => expect(loaded).toHaveBeenCalledWith(BATCH));
    expect(uploads).toEqual([{ file, provenance: 'LEASYS-DE' }]);
  });

  it('picks the only provenance the user may load into, shown in the select', async () => {
    const { api } = fakeApi([{ code: 'LEASYS-IT', idDealer: 'D-AUCT' }, { code: 'RENT-IT', idDealer: 'D-EXHB' }]);
    show(api);
    await waitFor(() => expect((screen.getByTestId('sheet-provenance') as HTMLSelectElement).value).toBe('LEASYS-IT'));
  });
});
