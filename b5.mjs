import sharp from 'sharp';
import { writeFileSync, readFileSync, existsSync } from 'node:fs';
import { login, call, fileForm, S } from '/tmp/atk22/lib.mjs';
const L = await login('loader'), A = await login('admin'), EX = await login('exhibitor');
const state = async () => ({
  total: (await call(A, 'GET', '/vehicle?limit=1')).body.total,
  plates: (await call(A, 'GET', '/vehicle?limit=100')).body.items.map((i) => i.licensePlate).sort().join(','),
  mine: (await call(EX, 'GET', '/showcase/mine')).body.total,
  photos: (await call(L, 'GET', '/vehicle/V-DEMO-2/details')).body.photos,
});
if (process.argv[2] === 'before') {
  const jpg = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 3, b: 9 } } }).jpeg().toBuffer();
  const r = await call(L, 'POST', '/vehicle/V-DEMO-2/photos', { form: fileForm(jpg) });
  console.log('attach', r.status);
  const o = await call(L, 'PUT', '/vehicle/V-DEMO-2/photo-order', { json: { idBlobs: [...r.body.photos].reverse() } });
  console.log('reorder', o.status);
  const s = await state(); writeFileSync('/tmp/atk22/state.json', JSON.stringify(s)); console.log(s.total, s.mine, s.photos.length);
} else {
  const s = await state(); const b = JSON.parse(readFileSync('/tmp/atk22/state.json', 'utf8'));
  console.log('same total', s.total === b.total, s.total, 'same plates', s.plates === b.plates, 'mine', s.mine, b.mine, 'photos same', JSON.stringify(s.photos) === JSON.stringify(b.photos));
  for (const id of s.photos) { const r = await fetch(`${S}/image?idImage=${id}`, { headers: { token: L } }); if (r.status !== 200) console.log('image', id, r.status); }
}
