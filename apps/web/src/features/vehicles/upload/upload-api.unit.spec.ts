import { describe, expect, it } from 'vitest';
import { Http, type UploadRequest } from '../../../api/http.js';
import { Dialogs } from '../../../ui/dialogs.js';
import { Spinner } from '../../../ui/spinner.js';
import { sheetFormErrors } from './sheet-form.js';
import { MissingParameterError, vehicleUploadApi } from './upload-api.js';

/** The client with a stand-in upload request that records what would be sent and answers 201. */
function client() {
  const http = new Http({ spinner: new Spinner(), dialogs: new Dialogs(), onUnauthorized: () => undefined, onLoggedOut: () => undefined });
  const sent: { url: string; body: FormData }[] = [];
  http.createUploadRequest = () => {
    const request: UploadRequest & { url: string } = {
      withCredentials: false, status: 0, statusText: '', responseText: '', upload: { onprogress: null }, onload: null, onerror: null, onabort: null,
      url: '', open(_m, url) { request.url = url; }, setRequestHeader() { /* not needed */ }, abort() { /* not needed */ },
      send(body) {
        sent.push({ url: request.url, body });
        Object.assign(request, { status: 201, responseText: '{"tempId":"t1"}' });
        queueMicrotask(() => request.onload?.());
      },
    };
    return request;
  };
  return { api: vehicleUploadApi(http), sent };
}

const sheet = () => new File(['licensePlate;frame\n'], 'vehicles.csv', { type: 'text/csv' });

describe('a missing file is an error before the call is made (spec 02)', () => {
  it('each upload refuses a missing file with the spec\'s message and sends nothing', async () => {
    const { api, sent } = client();
    await expect(api.uploadVehicleFile(null, 'LEASYS-IT')).rejects.toThrow(new MissingParameterError('file'));
    await expect(api.uploadVehicleFile(undefined, 'LEASYS-IT')).rejects.toThrow('Required parameter file was null or undefined');
    for (const kind of ['PHOTO', 'APPRAISAL', 'DATASHEET', 'OTHER', 'RECOGNITION_DOC'] as const) {
      await expect(api.uploadVehicleFileOf(kind, null, 't1', '2')).rejects.toBeInstanceOf(MissingParameterError);
    }
    expect(sent).toEqual([]);
  });

  it('with a file it goes: the provenance and the file; a vehicle\'s file with tempId and tupla to its kind\'s call', async () => {
    const { api, sent } = client();
    await api.uploadVehicleFile(sheet(), 'LEASYS-IT');
    await api.uploadVehicleFileOf('RECOGNITION_DOC', new File(['%PDF-'], 'libretto.pdf'), 't1', '7');
    expect(sent.map((s) => s.url)).toEqual(['/api/v1/secure/upload-vehicle', '/api/v1/secure/upload-recdoc']);
    expect([sent[0]!.body.get('provenance'), (sent[0]!.body.get('file') as File).name]).toEqual(['LEASYS-IT', 'vehicles.csv']);
    expect([sent[1]!.body.get('tempId'), sent[1]!.body.get('tupla'), (sent[1]!.body.get('file') as File).name]).toEqual(['t1', '7', 'libretto.pdf']);
  });

  it('the form says what is missing before sending: the file, the provenance, or both', () => {
    expect(sheetFormErrors({ file: null, provenance: '' })).toEqual({ file: 'missingFile', provenance: 'missingProvenance' });
    expect(sheetFormErrors({ file: null, provenance: 'LEASYS-IT' })).toEqual({ file: 'missingFile' });
    expect(sheetFormErrors({ file: sheet(), provenance: 'X'.repeat(61) })).toEqual({ provenance: 'invalidProvenance' });
    expect(sheetFormErrors({ file: sheet(), provenance: 'LEASYS-IT' })).toEqual({});
  });
});
