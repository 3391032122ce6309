import { login, call, fileForm } from '/tmp/atk22/lib.mjs';
const L = await login('loader'), L2 = await login('loader2'), D = await login('dealer1'), A = await login('admin'), AU = await login('auctioneer'), EX = await login('exhibitor');
const enc = (s) => new TextEncoder().encode(s);
const sel = (tok, csv, q = '?idTemplate=T1', name = 'p.csv', type = 'text/csv') => call(tok, 'POST', '/select-by-file' + q, { form: fileForm(enc(csv), name, type) });
const form = (csv, extra) => { const f = new FormData(); if (extra) for (const [k, v] of Object.entries(extra)) f.append(k, v); f.append('file', new Blob([enc(csv)], { type: 'text/csv' }), 'p.csv'); return f; };
const plates = (await call(L, 'GET', '/vehicle?limit=3')).body.items.map((i) => i.licensePlate);
console.log('plates', plates);
const plates2 = (await call(L2, 'GET', '/vehicle?limit=2')).body.items.map((i) => i.licensePlate);
for (const [n, t] of [['loader', L], ['loader2', L2], ['dealer', D], ['admin', A], ['auct', AU], ['exh', EX]]) {
  const r = await call(t, 'POST', '/select-by-file', { form: form(`plate\n${plates.join('\n')}\n${plates2.join('\n')}\n`, { idTemplate: 'T1' }) });
  console.log(n, r.status, r.body.errorCode ?? `sel=${r.body.vehicles?.length ?? r.body.items?.length} keys=${Object.keys(r.body)}`);
}
const cases = {
  formula: `plate\n=HYPERLINK("http://x")\n+cmd\n@SUM(1)\n-2+3\n`,
  unicode: `targa\n${plates[0].split('').join('\u200b')}\nＡＢ１２３ＣＤ\n${plates[0].toLowerCase()}\n  ${plates[0]}  \n`,
  bom: `\ufeffplate\n${plates[0]}\n`,
  semicolon: `plate;x\n${plates[0]};1\n`,
  noheader: `${plates[0]}\n`,
  both: `plate,frame\n${plates[0]},\n`,
  empty: ``,
  onlyheader: `plate\n`,
  long: `plate\n${'A'.repeat(100000)}\n`,
};
for (const [k, csv] of Object.entries(cases)) {
  const r = await call(L, 'POST', '/select-by-file', { form: form(csv, { idTemplate: 'T1' }) });
  console.log(k, r.status, JSON.stringify(r.body).slice(0, 300));
}
const manyRows = 'plate\n' + Array.from({ length: 1001 }, (_, i) => `AB${String(i).padStart(3, '0')}CD`).join('\n');
console.log('1001 rows', (await call(L, 'POST', '/select-by-file', { form: form(manyRows, { idTemplate: 'T1' }) })).body.errorCode);
const k1 = await call(L, 'POST', '/select-by-file', { form: form(`plate\n${plates[0]}\n`, { idTemplate: 'T1' }), headers: { 'idempotency-key': 'sel-1' } });
const k2 = await call(L, 'POST', '/select-by-file', { form: form(`plate\n${plates[1]}\n${plates[2]}\n`, { idTemplate: 'T1' }), headers: { 'idempotency-key': 'sel-1' } });
console.log('same key diff file', k1.status, k2.status, JSON.stringify(k2.body).slice(0, 150));
