import sharp from 'sharp';
import { login, call, fileForm, S } from '/tmp/atk22/lib.mjs';
const L = await login('loader');
const gps = await sharp({ create: { width: 200, height: 100, channels: 3, background: { r: 30, g: 90, b: 160 } } }).jpeg({ quality: 80 })
  .withExif({ IFD0: { Copyright: 'Loader Camera Owner', Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 27/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '9/1 11/1 0/1' } }).toBuffer();
const pngGps = await sharp({ create: { width: 200, height: 100, channels: 3, background: { r: 30, g: 90, b: 161 } } }).png()
  .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 27/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '9/1 11/1 0/1' } }).toBuffer();
console.log('png has exif in', !!(await sharp(pngGps).metadata()).exif);
for (const [name, bytes, type] of [['scan.jpg', gps, 'image/jpeg'], ['scan.png', pngGps, 'image/png']]) {
  const r = await call(L, 'POST', '/vehicle/V-DEMO-9/documents?kind=RECOGNITION_DOC', { form: fileForm(bytes, name, type) });
  console.log('doc', r.status, r.body.mediaType, r.body.size, bytes.length);
  const g = await fetch(`${S}/generic-file?idFile=${r.body.idBlob}`, { headers: { token: L } });
  const out = Buffer.from(await g.arrayBuffer());
  const m = await sharp(out).metadata();
  console.log(' served', g.status, g.headers.get('content-type'), 'exif kept:', !!m.exif, m.exif ? m.exif.toString('latin1').includes('Loader Camera') : '');
  const ph = await call(L, 'POST', '/vehicle/V-DEMO-9/photos', { form: fileForm(bytes, name, type) });
  const gi = await fetch(`${S}/image?idImage=${ph.body.idBlob}&size=original`, { headers: { token: L } });
  console.log(' as photo', ph.status, 'exif', !!(await sharp(Buffer.from(await gi.arrayBuffer())).metadata()).exif);
}
