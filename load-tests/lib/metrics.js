// Custom metrics of the scenarios (k6 keeps its own http_req_* besides).
import { Counter, Trend } from 'k6/metrics';

/** Offers answered 201. */
export const offersAccepted = new Counter('offers_accepted');
/** Offers refused by a business rule (409/422), tagged with the error `code`. */
export const offersRefused = new Counter('offers_refused');
/** Offers without an answer the API defines: network errors and timeouts (`kind: network`), 5xx, anything else. */
export const offersErrors = new Counter('offers_errors');
/** Duration of every processed offer (accepted or refused), ms, as the client saw it (request sent → answer read). */
export const offerLatency = new Trend('offer_latency', true);
/** Offer accepted (bestOfferAt) → lot message received by one live subscriber, ms, one sample per delivery. */
export const fanoutLatency = new Trend('fanout_latency', true);
/** Lot messages with a new best offer received by the live subscribers (one per subscriber and message). */
export const fanoutDeliveries = new Counter('fanout_deliveries');
/** How late the subscriber VUs' event loops ran a 100 ms timer, ms: high values mean the load generator lags. */
export const subscriberLoopLag = new Trend('subscriber_loop_lag', true);
/** Live subscribers that connected and were granted their subscription. */
export const mqttSubscribed = new Counter('mqtt_subscribed');
/** Live connections that failed (WebSocket error, CONNACK refusal, SUBACK failure, closed early). */
export const mqttErrors = new Counter('mqtt_errors');
/** Showcase vehicles bought (one per vehicle and buyer). */
export const purchasesOk = new Counter('purchases_ok');
/** Showcase purchases refused (409010 sold, 409011 held, ...), tagged with `code`. */
export const purchasesRefused = new Counter('purchases_refused');
/** Duration of every showcase buy call, ms. */
export const purchaseLatency = new Trend('purchase_latency', true);
/** Showcase purchases without a defined answer (network, 5xx, unexpected). */
export const purchasesErrors = new Counter('purchases_errors');
/** Closing rush: lots whose final end moved past their original end (extensions happened). */
export const lotsExtended = new Counter('lots_extended');
/** Closing rush: lots checked for extensions after the rush. */
export const lotsChecked = new Counter('lots_checked');
