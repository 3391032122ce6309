import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { DEMO_TEMPLATES } from './demo-data.js';
import { drawLogo, initialsOf } from './demo-logos.js';

describe('the demo partners\' drawn logos', () => {
  it('the initials are the first letters of the first two words', () => {
    expect(DEMO_TEMPLATES.map((t) => initialsOf(t.templateName))).toEqual(['LR', 'RO', 'FD']);
    expect(initialsOf('  solo ')).toBe('S');
  });

  it('a large 320×160 and a small 160×80 PNG, each template in its own colour; a name with markup is drawn as text', async () => {
    const [large, small] = await Promise.all([drawLogo('Leasys Remarketing', 'T-DEMO-LEASYS', 'largeLogo'), drawLogo('Leasys Remarketing', 'T-DEMO-LEASYS', 'smallLogo')]);
    const [l, s] = await Promise.all([sharp(large).metadata(), sharp(small).metadata()]);
    expect([l.format, l.width, l.height, s.format, s.width, s.height]).toEqual(['png', 320, 160, 'png', 160, 80]);
    const corner = async (png: Buffer) => [...(await sharp(png).extract({ left: 40, top: 4, width: 1, height: 1 }).raw().toBuffer())];
    expect(await corner(small)).not.toEqual(await corner(await drawLogo('Rent-it Outlet', 'T-DEMO-RENT', 'smallLogo')));
    const hostile = await drawLogo('A&B <script> "Cars"', 'T-X', 'largeLogo');
    expect((await sharp(hostile).metadata()).width).toBe(320);
  });
});
