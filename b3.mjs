import { login, call } from '/tmp/atk22/lib.mjs';
const L = await login('loader');
const enc = (s) => new TextEncoder().encode(s);
const form = (csv) => { const f = new FormData(); f.append('idTemplate', 'T1'); f.append('file', new Blob([enc(csv)], { type: 'text/csv' }), 'p.csv'); return f; };
for (const csv of [`plate\n=1+2\n+cmd|' /C calc'!A0\n@SUM(1)\n-2+3\n`, `targa\nG\u200bA107DM\nＧＡ１０７ＤＭ\nga107dm\n  GA107DM  \nGA-107-DM\n`]) {
  const r = await call(L, 'POST', '/select-by-file', { form: form(csv) });
  console.log(r.status, r.body.vehicles?.map((v) => v.licensePlate), JSON.stringify(r.body.unmatched ?? r.body));
}
