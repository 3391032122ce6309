/**
 * The fan-out scenario's figures: the deliveries recorded by the subscriber harness (tools/fanout-sub) joined with
 * the offers k6 was told were accepted (their 201 time `t`). Latency = delivery time − the offer's 201 time, both Unix
 * ms of the same machine's clock, over every (subscriber, offer) pair; and the check that every subscriber got every
 * acknowledged offer of its lot, in order, and ended at the lot's final best offer.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { jsonOfConsoleLine } from './correctness.js';

/** An accepted offer with the time k6 read its 201 (`record({k:'offer', …, t})` of load-tests/lib/bidding.js). */
export interface TimedOfferAck {
  readonly idLot: string;
  readonly idOffer: string;
  readonly offer: number;
  readonly t: number;
}

/** The harness's result file (tools/fanout-sub/result.go `Result`), the part read here. */
export interface HarnessResult {
  readonly config: { readonly subscribers: number; readonly filter: string; readonly qos: number };
  readonly readyAtMs: number;
  readonly connected: number;
  readonly subscribed: number;
  readonly refused: number;
  readonly failed: number;
  /** Subscribers never tried: the harness was stopped during its ramp (absent from older result files). */
  readonly notAttempted?: number;
  readonly lost: number;
  readonly errors: Record<string, number>;
  readonly messages: { readonly received: number; readonly live: number; readonly delivered: number; readonly duplicates: number; readonly outOfOrder: number; readonly unparsed: number };
  readonly firstLiveMs: number;
  readonly lastLiveMs: number;
  readonly deliveriesPerSecond: number;
  readonly cpu: { readonly userSeconds: number; readonly sysSeconds: number; readonly holdSeconds: number; readonly usPerMessage: number; readonly usPerMessageHold: number };
  readonly maxRssMb: number;
  readonly lots: readonly {
    readonly idLot: string;
    readonly offers: readonly {
      readonly idOffer: string; readonly amount: number; readonly position: number; readonly acceptedAtMs?: number; readonly count: number;
      readonly firstMs: number; readonly recv: readonly (readonly [number, number])[];
    }[];
    readonly finals: Record<string, number> | null;
  }[];
  readonly subscribersChecked: number;
  readonly subscribers: readonly { readonly n: number; readonly lost?: boolean; readonly missed?: Record<string, string[]>; readonly outOfOrder?: number; readonly duplicates?: number }[];
}

export interface LatencyFigures {
  readonly n: number;
  readonly min: number | null;
  readonly p50: number | null;
  readonly p95: number | null;
  readonly p99: number | null;
  readonly max: number | null;
  /** Deliveries that reached the subscriber before k6 had read the 201 (the live publisher and the answer race). */
  readonly negative: number;
}

/** The fan-out figures of one run. */
export interface FanoutFigures {
  readonly subscribersAsked: number;
  readonly connected: number;
  readonly subscribed: number;
  readonly refused: number;
  readonly failed: number;
  readonly lost: number;
  readonly connectionErrors: Record<string, number>;
  readonly offersAcked: number;
  /** First deliveries of acknowledged offers (one per subscriber and offer at most). */
  readonly deliveries: number;
  /** Acknowledged offers × subscribers checked. */
  readonly deliveriesExpected: number;
  /** (subscriber, acknowledged offer) pairs without a delivery. */
  readonly missing: number;
  readonly subscribersMissing: number;
  /** Acknowledged offers no subscriber got (a coalescing publisher would show here: later offers arrive, these do not). */
  readonly offersSeenByNobody: number;
  /** Messages that went back in position or best offer on their lot, and the subscribers that got any. */
  readonly outOfOrder: number;
  readonly subscribersOutOfOrder: number;
  readonly duplicates: number;
  /** Lots whose offers, in the order of their positions on the live topic, were not in increasing amounts. */
  readonly lotsOrderedDifferently: number;
  /** Subscribers whose last message on a lot did not carry the lot's final best offer (one count per subscriber and lot). */
  readonly notAtFinalBest: number;
  /** Offers delivered that k6 never acknowledged (an answer lost to a time-out, or demo data). */
  readonly unacknowledgedDelivered: number;
  /** Acknowledged offers that reached subscribers on another lot's topic (on their own lot they count as missing). */
  readonly offersOnOtherLot: number;
  /** Messages on the lot topics the harness could not read as lot messages (not JSON, a field of the wrong type). */
  readonly unparsed: number;
  readonly latencyMs: LatencyFigures;
  /** The server's acceptance (the message's bestOfferAt) → delivery, over the same pairs: what the 201's own delay does not blur. */
  readonly fromAcceptMs: LatencyFigures;
  /** Per acknowledged offer: acceptance → k6 reading its 201 (how late the answer came). */
  readonly answerMs: LatencyFigures;
  /** Per offer: its first subscriber's delivery → its last one's (how long one offer takes to reach everyone). */
  readonly spreadMs: LatencyFigures;
  /** Per offer: k6 reading its 201 → its first subscriber's delivery (the path before the fan-out's own spread). */
  readonly firstDeliveryMs: LatencyFigures;
  /** Deliveries of acknowledged offers ÷ the time from the first of them to the last. */
  readonly deliveriesPerSecond: number;
  readonly messagesReceived: number;
  readonly harness: { readonly cpuSeconds: number; readonly usPerMessage: number; readonly usPerMessageHold: number; readonly maxRssMb: number };
  /** True when every checked subscriber got every acknowledged offer of its lot, in order, and no connection failed. */
  readonly pass: boolean;
  readonly problems: string[];
}

/** Reads the acknowledged offers with their 201 time from k6's console output (lines without `t` are skipped). */
export async function readTimedOfferAcks(file: string): Promise<TimedOfferAck[]> {
  const out: TimedOfferAck[] = [];
  try {
    for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
      const o = jsonOfConsoleLine(line);
      if (o && (o.k ?? o.ack) === 'offer' && typeof o.idLot === 'string' && typeof o.idOffer === 'string' && typeof o.offer === 'number' && typeof o.t === 'number') {
        out.push({ idLot: o.idLot, idOffer: o.idOffer, offer: o.offer, t: o.t });
      }
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return out;
}

/** Nearest-rank percentiles of a histogram (value → count). */
export function histogramPercentiles(histogram: ReadonlyMap<number, number>): LatencyFigures {
  const values = [...histogram.keys()].sort((a, b) => a - b);
  const n = values.reduce((sum, v) => sum + histogram.get(v)!, 0);
  if (n === 0) return { n: 0, min: null, p50: null, p95: null, p99: null, max: null, negative: 0 };
  const at = (p: number) => {
    const rank = Math.min(n, Math.max(1, Math.ceil((p / 100) * n)));
    let seen = 0;
    for (const v of values) {
      seen += histogram.get(v)!;
      if (seen >= rank) return v;
    }
    return values.at(-1)!;
  };
  const negative = values.filter((v) => v < 0).reduce((sum, v) => sum + histogram.get(v)!, 0);
  return { n, min: values[0]!, p50: at(50), p95: at(95), p99: at(99), max: values.at(-1)!, negative };
}

/** Joins the harness's deliveries with k6's acknowledged offers. */
export function joinFanout(acks: readonly TimedOfferAck[], r: HarnessResult): FanoutFigures {
  const problems: string[] = [];
  const acked = new Map<string, TimedOfferAck>();
  for (const a of acks) if (!acked.has(a.idOffer)) acked.set(a.idOffer, a);
  // An offer counts as delivered on its own lot only: the same id on another lot's topic is a misrouted message.
  const key = (idLot: string, idOffer: string) => `${idLot}\u0000${idOffer}`;
  const delivered = new Map<string, HarnessResult['lots'][number]['offers'][number]>();
  const lotsOfOffer = new Map<string, string[]>();
  for (const lot of r.lots) {
    for (const o of lot.offers) {
      delivered.set(key(lot.idLot, o.idOffer), o);
      lotsOfOffer.set(o.idOffer, [...(lotsOfOffer.get(o.idOffer) ?? []), lot.idLot]);
    }
  }
  const deliveredOf = (a: TimedOfferAck) => delivered.get(key(a.idLot, a.idOffer));

  // Latency over every (subscriber, acknowledged offer) delivery.
  const histogram = new Map<number, number>();
  const fromAccept = new Map<number, number>();
  const answer = new Map<number, number>();
  const spread = new Map<number, number>();
  const firstDelivery = new Map<number, number>();
  const add = (h: Map<number, number>, value: number, n = 1) => h.set(value, (h.get(value) ?? 0) + n);
  let deliveries = 0;
  let missing = 0;
  let seenByNobody = 0;
  for (const a of acked.values()) {
    const o = deliveredOf(a);
    const count = Math.min(o?.count ?? 0, r.subscribersChecked);
    deliveries += count;
    missing += r.subscribersChecked - count;
    if (!o) {
      seenByNobody++;
      continue;
    }
    for (const [delta, n] of o.recv) {
      add(histogram, o.firstMs + delta - a.t, n);
      if (o.acceptedAtMs) add(fromAccept, o.firstMs + delta - o.acceptedAtMs, n);
    }
    if (o.acceptedAtMs) add(answer, a.t - o.acceptedAtMs);
    if (o.recv.length) add(spread, o.recv.at(-1)![0]);
    if (o.recv.length) add(firstDelivery, o.firstMs + o.recv[0]![0] - a.t);
  }
  const unacknowledgedDelivered = [...lotsOfOffer.keys()].filter((id) => !acked.has(id)).length;
  const offersOnOtherLot = [...acked.values()].filter((a) => (lotsOfOffer.get(a.idOffer) ?? []).some((idLot) => idLot !== a.idLot)).length;
  // Deliveries per second over the deliveries' own window: from the first delivery of an acknowledged offer to the last.
  const windows = [...acked.values()].map(deliveredOf).filter((o) => o && o.recv.length)
    .map((o) => [o!.firstMs, o!.firstMs + o!.recv.at(-1)![0]] as const);
  const windowMs = windows.length ? Math.max(...windows.map(([, end]) => end)) - Math.min(...windows.map(([start]) => start)) : 0;

  // Who missed what: an offer nobody got was missed by everyone; otherwise the harness names the subscribers.
  const subscribersMissing = seenByNobody > 0 && r.subscribersChecked > 0 ? r.subscribersChecked
    : r.subscribers.filter((s) => Object.values(s.missed ?? {}).some((ids) => ids.some((id) => acked.has(id)))).length;
  const subscribersOutOfOrder = r.subscribers.filter((s) => (s.outOfOrder ?? 0) > 0).length;

  // Order: on each lot, the acknowledged offers in live-topic position order must go up in amount; and the final best.
  let lotsOrderedDifferently = 0;
  let notAtFinalBest = 0;
  const ackedLots = new Set([...acked.values()].map((a) => a.idLot));
  for (const idLot of ackedLots) {
    const lot = r.lots.find((l) => l.idLot === idLot);
    const offers = (lot?.offers ?? []).filter((o) => acked.get(o.idOffer)?.idLot === idLot).sort((x, y) => x.position - y.position);
    if (offers.some((o, i) => i > 0 && !(o.amount > offers[i - 1]!.amount))) lotsOrderedDifferently++;
    const candidates = [...[...acked.values()].filter((a) => a.idLot === idLot).map((a) => ({ id: a.idOffer, amount: a.offer })),
      ...(lot?.offers ?? []).filter((o) => (acked.get(o.idOffer)?.idLot ?? idLot) === idLot).map((o) => ({ id: o.idOffer, amount: o.amount }))];
    const final = candidates.reduce((best, c) => (c.amount > best.amount ? c : best), candidates[0]!);
    const finals = lot?.finals ?? {};
    const atFinal = finals[final.id] ?? 0;
    notAtFinalBest += Math.max(0, r.subscribersChecked - atFinal);
  }

  const latencyMs = histogramPercentiles(histogram);
  if (r.subscribed < r.config.subscribers) {
    problems.push(`${r.config.subscribers - r.subscribed} of ${r.config.subscribers} subscribers not subscribed (${r.refused} refused, ${r.failed} failed` +
      `${r.notAttempted ? `, ${r.notAttempted} never tried: the harness was stopped during its ramp` : ''})`);
  }
  if (r.lost) problems.push(`${r.lost} subscribers lost their connection`);
  if (acked.size === 0) problems.push('no acknowledged offer to check');
  if (missing) problems.push(`${missing} deliveries of acknowledged offers missing (${subscribersMissing} subscribers; ${seenByNobody} offers reached nobody)`);
  if (r.messages.outOfOrder) problems.push(`${r.messages.outOfOrder} messages out of order (${subscribersOutOfOrder} subscribers)`);
  if (lotsOrderedDifferently) problems.push(`${lotsOrderedDifferently} lots whose live positions do not follow the offers' amounts`);
  if (offersOnOtherLot) problems.push(`${offersOnOtherLot} acknowledged offers delivered on another lot's topic`);
  if (r.messages.unparsed) problems.push(`${r.messages.unparsed} messages on the lot topics not readable as lot messages`);
  if (notAtFinalBest) problems.push(`${notAtFinalBest} (subscriber, lot) pairs not ending at the lot's final best offer`);
  return {
    subscribersAsked: r.config.subscribers, connected: r.connected, subscribed: r.subscribed, refused: r.refused, failed: r.failed, lost: r.lost,
    connectionErrors: r.errors ?? {}, offersAcked: acked.size, deliveries, deliveriesExpected: acked.size * r.subscribersChecked, missing,
    subscribersMissing, offersSeenByNobody: seenByNobody, outOfOrder: r.messages.outOfOrder, subscribersOutOfOrder, duplicates: r.messages.duplicates,
    lotsOrderedDifferently, notAtFinalBest, unacknowledgedDelivered, offersOnOtherLot, unparsed: r.messages.unparsed, latencyMs, fromAcceptMs: histogramPercentiles(fromAccept),
    answerMs: histogramPercentiles(answer), spreadMs: histogramPercentiles(spread), firstDeliveryMs: histogramPercentiles(firstDelivery),
    deliveriesPerSecond: windowMs > 0 ? Math.round((deliveries * 1000) / windowMs) : Math.round(r.deliveriesPerSecond),
    messagesReceived: r.messages.received,
    harness: {
      cpuSeconds: Math.round((r.cpu.userSeconds + r.cpu.sysSeconds) * 100) / 100, usPerMessage: Math.round(r.cpu.usPerMessage * 10) / 10,
      usPerMessageHold: Math.round(r.cpu.usPerMessageHold * 10) / 10, maxRssMb: Math.round(r.maxRssMb),
    },
    pass: problems.length === 0, problems,
  };
}

const fmt = (v: number | null | undefined) => (typeof v === 'number' ? v.toLocaleString('en', { maximumFractionDigits: 1 }) : '–');

/** One progress line of fan-out figures. */
export function fanoutLine(f: FanoutFigures): string {
  const l = f.latencyMs;
  return `fan-out (harness): ${fmt(f.subscribed)} of ${fmt(f.subscribersAsked)} subscribed, ${fmt(f.offersAcked)} offers acknowledged, ` +
    `${fmt(f.deliveries)} of ${fmt(f.deliveriesExpected)} deliveries (${fmt(f.deliveriesPerSecond)}/s); 201 → delivery ms p50 ${fmt(l.p50)} ` +
    `p95 ${fmt(l.p95)} p99 ${fmt(l.p99)} max ${fmt(l.max)} (min ${fmt(l.min)}, ${fmt(l.negative)} before the 201 was read); accept → delivery p50 ` +
    `${fmt(f.fromAcceptMs.p50)} p99 ${fmt(f.fromAcceptMs.p99)}; accept → 201 read by k6 p50 ${fmt(f.answerMs.p50)} p99 ${fmt(f.answerMs.p99)}; ` +
    `201 → first subscriber p50 ${fmt(f.firstDeliveryMs.p50)} p99 ${fmt(f.firstDeliveryMs.p99)}; ` +
    `one offer to every subscriber p50 ${fmt(f.spreadMs.p50)} max ${fmt(f.spreadMs.max)} ms; missing ${fmt(f.missing)}, ` +
    `out of order ${fmt(f.outOfOrder)}; harness CPU ${f.harness.usPerMessageHold} µs per message during the hold (${f.harness.usPerMessage} µs overall), ` +
    `peak RSS ${fmt(f.harness.maxRssMb)} MB; ${f.pass ? 'check passed' : `CHECK FAILED: ${f.problems.join('; ')}`}`;
}
