// One dealer's offer: placed, counted, recorded for the correctness check, and what the dealer learns from the answer.
import exec from 'k6/execution';
import { errorOf, placeOffer } from './api.js';
import { offerLatency, offersAccepted, offersErrors, offersRefused } from './metrics.js';

/** Money rounded to cents. */
export function cents(x) {
  return Math.round(x * 100) / 100;
}

const MINIMUM = /at least (\d+(?:\.\d+)?)/;
let sequence = 0;
let errorsLogged = 0;

/** A fresh Idempotency-Key (unique per attempt: a key is only reused by a retry of the same offer). */
export function newKey(prefix) {
  sequence += 1;
  return `${prefix}-${exec.vu.idInTest}-${sequence}-${Date.now().toString(36)}`.slice(0, 128);
}

/**
 * Acknowledged operations for the correctness check: one JSON object per line on the console
 * (`k6 run --console-output=<file>`; `k6 run --log-format=raw` keeps each line bare JSON).
 */
export function record(entry) {
  console.log(JSON.stringify(entry));
}

/**
 * Places `amount` on a lot as `dealer` ({username, token}) and returns what the dealer now sees:
 *  - `accepted`: `next` = the answer's bestOffer + minIncrement, `endMs` = the lot's end from the answer;
 *  - `refused` (409/422): `code`, and `next` = the minimum the refusal names ("must be at least X"), when it does;
 *  - `error`: no defined answer (network error or timeout: status 0; 5xx; any other status).
 * Every accepted offer is written as `{k:'offer', idAuction, idLot, idOffer, offer, username, t}`.
 */
export function bid(dealer, idAuction, idLot, amount, minIncrement, prefix = 'offer') {
  const res = placeOffer(dealer.token, idAuction, idLot, amount, newKey(prefix));
  if (res.status === 201) {
    const answer = res.json();
    offersAccepted.add(1);
    offerLatency.add(res.timings.duration);
    record({ k: 'offer', idAuction, idLot, idOffer: answer.idOffer, offer: answer.offer, username: dealer.username, t: Date.now() });
    return { outcome: 'accepted', next: cents(answer.bestOffer + minIncrement), endMs: Date.parse(answer.lotEndDate), answer };
  }
  if (res.status === 409 || res.status === 422) {
    const { code, msg } = errorOf(res);
    offersRefused.add(1, { code: String(code) });
    offerLatency.add(res.timings.duration);
    const m = MINIMUM.exec(msg);
    return { outcome: 'refused', code, next: m ? Number(m[1]) : null };
  }
  const kind = res.status === 0 ? 'network' : res.status >= 500 ? '5xx' : 'unexpected';
  offersErrors.add(1, { kind, status: String(res.status) });
  if (errorsLogged < 5) {
    errorsLogged += 1;
    record({ k: 'error', op: 'offer', idAuction, idLot, status: res.status, error: res.error || null,
      body: res.body ? String(res.body).slice(0, 200) : null, t: Date.now() });
  }
  return { outcome: 'error', status: res.status };
}
