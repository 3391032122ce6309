import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import type { VehicleDetails } from '@auction/domain';
import { appraisalPdf, drawCar } from './demo-vehicle-files.js';

const details: VehicleDetails = {
  licensePlate: 'GD100LS', frame: 'ZFA31200000200000', brand: 'Fiat', model: 'Tipo <1.6> & "MJT"', version: null,
  firstRegistration: '2019-01-15', mileageKm: 25_000, fuel: 'DIESEL', gearbox: 'MANUAL', powerKw: 88, colour: 'Blu', damageTotal: 450,
  channel: 'LEASING', location: { area: 'Nord', region: 'Lombardia' }, appraisal: { appraisedOn: '2026-10-01', grade: 'A', notes: null },
};

describe('the demo vehicles\' drawn files', () => {
  it('draws each shot as an SVG sharp renders to a 1200 × 800 picture in the vehicle\'s paint', async () => {
    const shots = [0, 1, 2].map((shot) => drawCar(details, shot));
    expect(new Set(shots).size).toBe(3);
    for (const svg of shots) {
      const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([1200, 800]);
      // The body's middle (x 600, y 560 before the shot's scale) is the paint Blu #2a56a8, give or take the gloss.
      const at = (600 + 540 * info.width) * info.channels;
      const [r, g, b] = [data[at]!, data[at + 1]!, data[at + 2]!];
      expect(b).toBeGreaterThan(r + 60);
      expect(b).toBeGreaterThan(g + 20);
    }
  });

  it('escapes the caption: a model with markup characters still makes a valid SVG', async () => {
    const svg = drawCar(details, 0);
    expect(svg).toContain('Tipo &#60;1.6&#62; &#38; &#34;MJT&#34;');
    await expect(sharp(Buffer.from(svg)).metadata()).resolves.toMatchObject({ format: 'svg' });
  });

  it('writes the appraisal report as a real PDF', async () => {
    const pdf = await appraisalPdf(details);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);
    expect(pdf.length).toBeGreaterThan(1000);
    expect(pdf.toString('latin1')).toContain('Appraisal GD100LS'); // the document's title, in its info dictionary
  });
});
