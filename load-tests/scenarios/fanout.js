// Fan-out: SUBSCRIBERS live subscribers (full 5,000; short 1,000; smoke 20) on one auction, MQTT 3.1.1 over
// WebSocket at ${BASE_URL}/mqtt, subscribed (QoS 0, as the web client) to `auction/{id}/lot/+`, logged in with LIVE_ACCOUNTS dealer
// accounts (a token serves many connections; every connection has its own client id). SUBSCRIBER_VUS VUs each hold
// SUBSCRIBERS / SUBSCRIBER_VUS connections, opened evenly over RAMP seconds. After the ramp and a short settle,
// BIDDERS bidder VUs (one dealer and one lot each) place offers at OFFER_RATE offers/s in total for DURATION seconds.
//
// Deliveries per second = subscribers x lot messages per second. k6 spends ~150 µs of CPU per MQTT message it receives
// (WebSocket frame → JavaScript event → parse → PUBACK), so one core takes ~6,000 deliveries/s. On a 2-core machine
// that also runs the API, 1,000 subscribers x 5 offers/s already keeps k6 busy; full = 5,000 subscribers x 1 offer/s
// (5,000 deliveries/s). Watch `subscriber_loop_lag`: when the VUs' timers run late, the load generator is the
// bottleneck and its lag is part of fanout_latency. OFFER_RATE raises the rate where there are cores to spare.
//
// Every lot message with a new best offer is measured at every subscriber: latency = receive time − bestOfferAt
// (the instant the server accepted that best offer, its placedAt, stamped into the live lot message). placedAt comes
// before the durable append and the 201, so this is an upper bound of "201 → delivery"; everything runs on one
// machine, one clock. Retained messages (the state at subscribe time) are not measured.
//
// SUBSCRIBER=harness (what `npm run bench` runs): the subscribers are not held by k6 but by tools/fanout-sub, a compiled
// harness that costs a few µs per message instead of k6's ~150. The bench creates the auction, starts the harness on it
// with tokens of the LIVE_ACCOUNTS dealers (dealer{BIDDERS+1}…), waits until every subscriber is in, then runs this
// script with AUCTION_ID: k6 runs only the bidders, from the start, and the bench joins the harness's receive times with
// the offers' 201 times (`t` of each acknowledgement). SUBSCRIBER=k6 (the default when run alone) keeps the subscribers
// here, as described above.
//
// Issue 5 target (server stack, 2 cores): offer → subscriber p99 < 200 ms with 5,000 subscribers.
import exec from 'k6/execution';
import { sleep } from 'k6';
import { auctionFull, createAuction, login, loginAll, lotInputs } from '../lib/api.js';
import { bid, record } from '../lib/bidding.js';
import { WS_URL, dealerNames, settings } from '../lib/config.js';
import { fanoutDeliveries, fanoutLatency, mqttErrors, mqttSubscribed, subscriberLoopLag } from '../lib/metrics.js';
import { MqttWsClient, latin1 } from '../lib/mqtt-ws.js';
import { atLeast, below, options as scenarioOptions } from '../lib/scenario.js';
import { summaryHandler } from '../lib/summary.js';

const cfg = settings({
  smoke: { duration: 5, subscribers: 20, subscriberVus: 2, rampSeconds: 2, settle: 2, bidders: 2, offerRate: 10, liveAccounts: 2, qos: 0 },
  short: { duration: 15, subscribers: 1000, subscriberVus: 10, rampSeconds: 10, settle: 3, bidders: 2, offerRate: 5, liveAccounts: 10, qos: 0 },
  full: { duration: 60, subscribers: 5000, subscriberVus: 50, rampSeconds: 40, settle: 10, bidders: 2, offerRate: 1, liveAccounts: 20, qos: 0 },
});
const HARNESS = (__ENV.SUBSCRIBER || 'k6') === 'harness';
/** The summary's name (the bench runs this script as `fanout` and `fanout-20k`). */
const NAME = __ENV.SCENARIO_NAME || 'fanout';
const TAIL = 5; // seconds the subscribers stay after the last offer
const perVu = Math.ceil(cfg.subscribers / cfg.subscriberVus);
const bidStart = HARNESS ? 0 : cfg.rampSeconds + cfg.settle;
const holdSeconds = bidStart + cfg.duration + TAIL;

const bidders = {
  executor: 'constant-vus', exec: 'offer', vus: cfg.bidders, duration: `${cfg.duration}s`, startTime: `${bidStart}s`,
  gracefulStop: '10s',
};
export const options = HARNESS
  ? scenarioOptions({ bidders }, { offers_errors: ['count==0'] })
  : scenarioOptions({
    subscribers: {
      executor: 'per-vu-iterations', exec: 'subscribe', vus: cfg.subscriberVus, iterations: 1,
      maxDuration: `${holdSeconds + 60}s`, gracefulStop: '10s',
    },
    bidders,
  }, { fanout_latency: ['p(99)<200'], offers_errors: ['count==0'], mqtt_errors: ['count==0'] });

/** SUBSCRIBER=harness: the bidders only, on the auction AUCTION_ID the bench created (one lot per bidder). */
function harnessSetup() {
  if (!__ENV.AUCTION_ID) throw new Error('SUBSCRIBER=harness needs AUCTION_ID: the auction the harness follows');
  const names = dealerNames(cfg.bidders);
  const tokens = loginAll(names);
  const pairs = names.map((username) => ({ username, token: tokens[username] }));
  const auction = auctionFull(pairs[0].token, __ENV.AUCTION_ID);
  return {
    scenario: NAME, idAuction: auction.idAuction,
    lots: auction.lots.map((l) => ({ idLot: l.idLot, basePrice: l.basePrice, minIncrement: l.minIncrement })),
    bidders: pairs, live: [],
  };
}

export function setup() {
  if (HARNESS) return harnessSetup();
  const auctioneer = login('auctioneer');
  const names = dealerNames(cfg.bidders + cfg.liveAccounts);
  const tokens = loginAll(names);
  const run = Date.now().toString(36).toUpperCase();
  const auction = createAuction(auctioneer, {
    name: `k6 fan-out ${run}`, lots: lotInputs(cfg.bidders, `FO${run}X`, 1000, 10),
    endMs: Date.now() + (holdSeconds + 900) * 1000,
  });
  const pairs = names.map((username) => ({ username, token: tokens[username] }));
  return {
    scenario: NAME, idAuction: auction.idAuction,
    lots: auction.lots.map((l) => ({ idLot: l.idLot, basePrice: l.basePrice, minIncrement: l.minIncrement })),
    bidders: pairs.slice(0, cfg.bidders), live: pairs.slice(cfg.bidders),
  };
}

const BEST_OFFER_AT = '"bestOfferAt":"';
/** The live lot message ends with `"bestOfferAt":…,"serverTime":…,"position":N}`: only its tail is decoded. */
const TAIL_BYTES = 128;

/** The lot message's bestOfferAt (ISO), or null; reads the tail first, the whole payload when the field is not there. */
function bestOfferAtOf(payload) {
  const n = payload.length;
  let text = latin1(payload, Math.max(0, n - TAIL_BYTES), n);
  let at = text.indexOf(BEST_OFFER_AT);
  if (at < 0 && n > TAIL_BYTES) {
    text = latin1(payload, 0, n);
    at = text.indexOf(BEST_OFFER_AT);
  }
  if (at < 0) return null;
  return text.substr(at + BEST_OFFER_AT.length, 24);
}

/** A number naming the lot of a topic `auction/{id}/lot/{idLot}` within one auction: its last 6 bytes. */
function lotKey(topic) {
  let key = 0;
  for (let i = Math.max(0, topic.length - 6); i < topic.length; i++) key = key * 256 + topic[i];
  return key * 64 + topic.length;
}

let errorsLogged = 0;

// Deliveries are counted locally and added to the counter in batches (one sample per delivery costs ~3 µs).
let deliveries = 0;
function flushDeliveries() {
  if (deliveries > 0) fanoutDeliveries.add(deliveries);
  deliveries = 0;
}

/** One VU holds `perVu` subscribers, opened evenly over the ramp and closed together at the end. */
export function subscribe(data) {
  // VU ids are global to the test (the bidders may take the first ones); with one iteration per VU, the
  // scenario's iteration number is this VU's index among the subscriber VUs.
  const vu = exec.scenario.iterationInTest + 1;
  const startedAt = Date.now();
  const topic = `auction/${data.idAuction}/lot/+`;
  const clients = [];
  for (let i = 0; i < perVu; i++) {
    const index = (vu - 1) * perVu + i;
    if (index >= cfg.subscribers) break;
    const account = data.live[index % data.live.length];
    const lastSeen = {};
    let subscribed = false;
    let failed = false;
    const failure = (stage, error) => {
      if (failed) return; // one failure per connection (an error is followed by a close)
      failed = true;
      mqttErrors.add(1, { stage });
      if (errorsLogged < 5) {
        errorsLogged += 1;
        record({ k: 'error', op: 'mqtt', stage, error: error ? String(error).slice(0, 200) : null, t: Date.now() });
      }
    };
    const client = new MqttWsClient({
      url: WS_URL, clientId: `k6-fanout-${vu}-${i}-${startedAt.toString(36)}`, username: account.username, password: account.token,
      keepalive: 60,
      onConnack: (code) => {
        if (code !== 0) {
          failure('connack', `CONNACK return code ${code}`);
          client.close();
          return;
        }
        client.subscribe([topic], cfg.qos);
      },
      onSuback: (granted) => {
        if (granted.some((g) => g === 0x80)) {
          failure('suback', `SUBACK ${granted.join(',')}`);
          client.close();
          return;
        }
        subscribed = true;
        mqttSubscribed.add(1);
      },
      onPublish: (topicBytes, payload, flags, receivedAt) => {
        const bestOfferAt = bestOfferAtOf(payload);
        if (bestOfferAt === null) return; // "bestOfferAt":null: no offer yet
        const lot = lotKey(topicBytes);
        if (lastSeen[lot] === bestOfferAt) return; // same best offer (a redelivery): nothing new to measure
        lastSeen[lot] = bestOfferAt;
        if (flags.retain) return; // the state at subscribe time
        fanoutLatency.add(receivedAt - Date.parse(bestOfferAt));
        deliveries += 1;
        if (deliveries >= 1000) flushDeliveries();
      },
      onError: (e) => failure(subscribed ? 'socket' : 'connect', e),
      onClose: (early) => {
        if (early) failure(subscribed ? 'closed' : 'closed_early', null);
      },
    });
    clients.push(client);
    setTimeout(() => client.connect(), Math.floor((i / perVu) * cfg.rampSeconds * 1000));
  }
  const flusher = setInterval(flushDeliveries, 1000);
  // How late this VU's event loop runs its timers: a busy load generator shows here, not only in fanout_latency.
  let due = Date.now() + 100;
  const probe = setInterval(() => {
    const now = Date.now();
    subscriberLoopLag.add(Math.max(0, now - due));
    due = now + 100;
  }, 100);
  setTimeout(() => {
    for (const c of clients) c.close();
    clearInterval(flusher);
    clearInterval(probe);
    flushDeliveries();
  }, holdSeconds * 1000);
}

let nextAmount = null;
let nextAt = 0;
let bidder = -1;

/** A bidder: its own lot, paced at OFFER_RATE / BIDDERS offers per second. */
export function offer(data) {
  const n = data.bidders.length;
  // The bidder VUs all start their first iteration together: its number in the scenario picks this VU's dealer and
  // lot (were two VUs to pick the same lot, that would only cost refusals).
  if (bidder < 0) bidder = exec.scenario.iterationInTest % n;
  const k = bidder;
  const dealer = data.bidders[k];
  const lot = data.lots[k % data.lots.length];
  const interval = (1000 * n) / cfg.offerRate;
  const now = Date.now();
  if (nextAt === 0) nextAt = now;
  if (nextAt > now) sleep((nextAt - now) / 1000);
  nextAt += interval;
  const r = bid(dealer, data.idAuction, lot.idLot, nextAmount ?? lot.basePrice, lot.minIncrement, 'fanout');
  if (r.next != null) nextAmount = r.next;
}

export const handleSummary = summaryHandler(NAME, cfg.profile, (d) => {
  if (HARNESS) return { durationSeconds: cfg.duration, subscriber: 'harness', offerRate: cfg.offerRate };
  const accepted = d.metrics.offers_accepted ? d.metrics.offers_accepted.values.count : 0;
  const subscribed = d.metrics.mqtt_subscribed ? d.metrics.mqtt_subscribed.values.count : 0;
  const delivered = d.metrics.fanout_deliveries ? d.metrics.fanout_deliveries.values.count : 0;
  return {
    durationSeconds: cfg.duration, subscribers: cfg.subscribers, offerRate: cfg.offerRate, rampSeconds: cfg.rampSeconds, qos: cfg.qos,
    // Accepted offers x subscribers: the deliveries expected (the live publisher sends the lot's state after every
    // command, so every accepted offer is a message of its own; only a sink's backlog after failed publishes conflates).
    deliveriesExpected: accepted * subscribed,
    deliveredRatio: accepted * subscribed ? Math.round((delivered / (accepted * subscribed)) * 10000) / 10000 : null,
  };
}, (r) => (HARNESS ? [] : [
  below('offer → subscriber p99 (ms)', r.fanout.p99, 200),
  atLeast('subscribers connected', r.fanout.subscribed, r.subscribers),
  below('live connection errors', r.fanout.connectionErrors, 1),
]));
