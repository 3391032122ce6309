import { login, call } from '/tmp/atk22/lib.mjs';
const who = { admin: await login('admin'), cc: await login('customer').catch(() => null), exh: await login('exhibitor'), dealer: await login('dealer1'), loader: await login('loader') };
for (const [n, t] of Object.entries(who)) {
  if (!t) { console.log(n, 'no login'); continue; }
  for (const q of ['?idUser=dealer3', '?idUser=dealer1', '?idUser=admin', '?idUser=%2e%2e', '?idUser=dealer3&idUser=dealer1', '?idUser=dealer3&sortField=holdUntil&sortOrder=ASC&limit=100', '?idUser=dealer3&offset=999999999', '?idUser=DEALER3', '?idUser=dealer3%00']) {
    const r = await call(t, 'GET', '/showcase/user-showcase' + q);
    console.log(n, q, r.status, r.body.errorCode ?? `total=${r.body.total} user=${r.body.username}`);
  }
}
