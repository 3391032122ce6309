import { login, call } from '/tmp/atk22/lib.mjs';
const L = await login('loader'), L2 = await login('loader2'), D = await login('dealer1'), A = await login('admin'), AU = await login('auctioneer'), EX = await login('exhibitor');
for (const [n, t] of [['loader', L], ['loader2', L2], ['dealer', D], ['admin', A], ['auct', AU], ['exh', EX]]) {
  for (const q of ['?action=sendToSup&provenance=LEASYS-IT', '?action=sendToSup&provenance=RENT-IT', '?action=sendToMultiAuctioneer', '?action=sendToSup', '?action=sendToSup&provenance=LEASYS-IT&username=%25', '?action=sendToSup&provenance=LEASYS-IT&username=_', '?action=bogus', '?action=sendToSup&provenance=..%2f', '?action=sendToSup&provenance=LEASYS-IT&limit=100000']) {
    const r = await call(t, 'GET', '/vehicle-handover-users' + q);
    console.log(n, q, r.status, r.body.errorCode ?? JSON.stringify(r.body).slice(0, 160));
  }
}
