import { describe, expect, it } from '@jest/globals';
import { VehicleUploadRow } from '@auction/contracts';
import { judgeDocument, judgePhoto, judgeVehicleSheet } from '../../platform/http/uploads/content-types.js';
import { photoFormatFor } from './vehicle-photos.js';

const row = (changes: Record<string, string> = {}) => ({
  licensePlate: 'ab-123 cd', frame: 'wvwzzz1jzxw000001', brand: ' Fiat ', model: 'Panda', firstRegistration: '2019-05-02', mileageKm: '40 000',
  fuel: 'plug-in hybrid', gearbox: 'manual', powerKw: '51', damageTotal: '350,50', channel: 'REMARKETING', area: 'North', region: 'Lombardia', ...changes,
});
const codes = (result: ReturnType<typeof VehicleUploadRow.safeParse>) =>
  result.success ? [] : result.error.issues.map((i) => [i.path[0], (i as { params?: { errorCode?: number } }).params?.errorCode]);

describe('VehicleUploadRow: one row of a vehicle file, checked by the vehicle\'s own rules', () => {
  it('normalises a good row as the decider stores it', () => {
    const result = VehicleUploadRow.safeParse(row());
    expect(result.success && result.data).toMatchObject({
      licensePlate: 'AB123CD', frame: 'WVWZZZ1JZXW000001', brand: 'Fiat', mileageKm: 40_000, fuel: 'PLUG_IN_HYBRID', gearbox: 'MANUAL', damageTotal: 350.5,
      version: null, colour: null, appraisal: null, location: { area: 'North', region: 'Lombardia' },
    });
  });

  it('lists every broken field of a row with the domain\'s code, not only the first', () => {
    expect(codes(VehicleUploadRow.safeParse(row({ frame: 'SHORT', mileageKm: 'lots', fuel: 'steam', firstRegistration: '2999-01-01', area: '' })))).toEqual([
      ['frame', 422201], ['firstRegistration', 422203], ['mileageKm', 422204], ['fuel', 422207], ['area', 422202],
    ]);
    expect(codes(VehicleUploadRow.safeParse(row({ damageTotal: '12.345', appraisedOn: '2019-02-30' })))).toEqual([['damageTotal', 422206], ['appraisedOn', 422209]]);
  });
});

describe('content judges: the bytes decide, never the name', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it('tells spreadsheets, CSV text, pictures and documents from markup and binaries', () => {
    expect(judgeVehicleSheet(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1]))).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(judgeVehicleSheet(bytes('\uFEFFlicensePlate;frame\nAB123CD;X\n'))).toBe('text/csv');
    expect(judgeVehicleSheet(bytes('  <!doctype html><p>'))).toEqual({ refused: 'not an XLSX or CSV file' });
    expect(judgeVehicleSheet(Uint8Array.from([0x41, 0x00, 0x42]))).toEqual({ refused: 'not an XLSX or CSV file' });
    expect(judgePhoto(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(judgePhoto(bytes('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(judgePhoto(bytes('<html>'))).toEqual({ refused: 'not a JPEG, PNG or WebP picture' });
    expect(judgeDocument(bytes('%PDF-1.7\n'))).toBe('application/pdf');
    expect(judgeDocument(bytes('\n %PDF-1.4\n'))).toBe('application/pdf');
    // Attack review: an HTML page with %PDF- in a comment passed as a PDF.
    expect(judgeDocument(bytes('<html><script>alert(1)</script><!-- %PDF-1.4 --></html>'))).toEqual({ refused: 'not a PDF, JPEG or PNG document' });
    expect(judgeDocument(bytes('junk %PDF-1.4'))).toEqual({ refused: 'not a PDF, JPEG or PNG document' });
    expect(judgeDocument(bytes('RIFF\0\0\0\0WEBPVP8 '))).toEqual({ refused: 'not a PDF, JPEG or PNG document' });
  });

  it('serves WebP only to clients whose Accept takes it', () => {
    expect(photoFormatFor('image/avif,image/webp,image/apng,*/*;q=0.8')).toBe('webp');
    expect(photoFormatFor('image/webp;q=0')).toBe('jpeg');
    expect(photoFormatFor('image/*')).toBe('jpeg');
    expect(photoFormatFor(undefined)).toBe('jpeg');
  });
});
