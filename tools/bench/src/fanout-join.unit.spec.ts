import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fanoutPlan, withinOpenFiles } from './fanout-harness.js';
import { histogramPercentiles, joinFanout, readTimedOfferAcks, type HarnessResult, type TimedOfferAck } from './fanout-join.js';
import { fanoutRows, runFailures, type ScenarioRun } from './report.js';
import { evaluateTargets } from './targets.js';

type Offer = HarnessResult['lots'][number]['offers'][number];
const offer = (idOffer: string, amount: number, position: number, firstMs: number, recv: [number, number][]): Offer =>
  ({ idOffer, amount, position, firstMs, recv, count: recv.reduce((n, [, c]) => n + c, 0) });

/** Three subscribers on two lots: A has offers a1 < a2, B has b1; every subscriber got everything, in order. */
function harness(over: Partial<HarnessResult> = {}): HarnessResult {
  return {
    config: { subscribers: 3, filter: 'auction/X/lot/+', qos: 1 }, readyAtMs: 0, connected: 3, subscribed: 3, refused: 0, failed: 0, lost: 0, errors: {},
    messages: { received: 12, live: 9, delivered: 9, duplicates: 0, outOfOrder: 0, unparsed: 0 }, firstLiveMs: 1_000, lastLiveMs: 2_000,
    deliveriesPerSecond: 9, cpu: { userSeconds: 0.1, sysSeconds: 0.05, holdSeconds: 0.01, usPerMessage: 12.5, usPerMessageHold: 4.44 }, maxRssMb: 20,
    lots: [
      { idLot: 'A', offers: [offer('a1', 1000, 10, 1_010, [[0, 2], [5, 1]]), offer('a2', 1010, 12, 1_500, [[0, 3]])], finals: { a2: 3 } },
      { idLot: 'B', offers: [offer('b1', 500, 11, 1_200, [[0, 1], [1, 1], [90, 1]])], finals: { b1: 3 } },
    ],
    subscribersChecked: 3, subscribers: [], ...over,
  };
}
const acks: TimedOfferAck[] = [
  { idLot: 'A', idOffer: 'a1', offer: 1000, t: 1_008 }, { idLot: 'A', idOffer: 'a2', offer: 1010, t: 1_505 }, { idLot: 'B', idOffer: 'b1', offer: 500, t: 1_200 },
];

describe('the fan-out join', () => {
  it('measures 201 → delivery over every (subscriber, offer) pair and passes a complete, ordered fan-out', () => {
    const f = joinFanout(acks, harness());
    // a1: 2, 2, 7; a2: -5 ×3 (delivered before k6 read the 201); b1: 0, 1, 90.
    expect(f.latencyMs).toEqual({ n: 9, min: -5, p50: 1, p95: 90, p99: 90, max: 90, negative: 3 });
    expect({ deliveries: f.deliveries, expected: f.deliveriesExpected, missing: f.missing, pass: f.pass, problems: f.problems })
      .toEqual({ deliveries: 9, expected: 9, missing: 0, pass: true, problems: [] });
    expect(f.harness).toEqual({ cpuSeconds: 0.15, usPerMessage: 12.5, usPerMessageHold: 4.4, maxRssMb: 20 });
    // Per offer, first → last delivery: a1 5 ms, a2 0, b1 90.
    expect(f.spreadMs).toMatchObject({ n: 3, p50: 5, max: 90 });
    // Per offer, 201 → its first delivery: a1 1_010 − 1_008 = 2, a2 1_500 − 1_505 = −5, b1 0.
    expect(f.firstDeliveryMs).toMatchObject({ n: 3, min: -5, p50: 0, max: 2, negative: 1 });
    expect(f.fromAcceptMs.n).toBe(0); // these offers carry no bestOfferAt
  });

  it('measures from the server\'s acceptance too, and how late k6 read each 201', () => {
    const r = harness({ lots: [{ idLot: 'A', offers: [{ ...offer('a1', 1000, 10, 1_010, [[0, 2], [5, 1]]), acceptedAtMs: 1_000 }], finals: { a1: 3 } }] });
    const f = joinFanout([acks[0]!], r);
    expect(f.fromAcceptMs).toMatchObject({ n: 3, min: 10, p50: 10, max: 15 });
    expect(f.answerMs).toMatchObject({ n: 1, p50: 8 });
  });

  it('counts a subscriber that missed an offer, and one that ended at an older best offer', () => {
    const r = harness({
      lots: [
        { idLot: 'A', offers: [offer('a1', 1000, 10, 1_010, [[0, 3]]), offer('a2', 1010, 12, 1_500, [[0, 2]])], finals: { a2: 2, a1: 1 } },
        harness().lots[1]!,
      ],
      subscribers: [{ n: 2, missed: { A: ['a2'] } }],
    });
    const f = joinFanout(acks, r);
    expect({ missing: f.missing, subscribersMissing: f.subscribersMissing, notAtFinalBest: f.notAtFinalBest, pass: f.pass })
      .toEqual({ missing: 1, subscribersMissing: 1, notAtFinalBest: 1, pass: false });
  });

  it('says so when an acknowledged offer reached nobody (coalesced or lost): every subscriber missed it', () => {
    const f = joinFanout([...acks, { idLot: 'B', idOffer: 'b2', offer: 510, t: 1_900 }], harness());
    expect({ seenByNobody: f.offersSeenByNobody, missing: f.missing, subscribersMissing: f.subscribersMissing, notAtFinal: f.notAtFinalBest })
      .toEqual({ seenByNobody: 1, missing: 3, subscribersMissing: 3, notAtFinal: 3 });
    expect(f.problems.join(' ')).toContain('1 offers reached nobody');
  });

  it('reports messages out of order, positions that contradict the amounts, lost connections and unacknowledged deliveries', () => {
    const r = harness({
      lost: 1, messages: { ...harness().messages, outOfOrder: 2 }, subscribers: [{ n: 1, outOfOrder: 2, lost: true }],
      lots: [{ idLot: 'A', offers: [offer('a1', 1000, 13, 1_010, [[0, 3]]), offer('a2', 1010, 12, 1_500, [[0, 3]]), offer('x9', 900, 5, 900, [[0, 3]])], finals: { a2: 3 } }, harness().lots[1]!],
    });
    const f = joinFanout(acks, r);
    expect({ outOfOrder: f.outOfOrder, subscribers: f.subscribersOutOfOrder, lots: f.lotsOrderedDifferently, unacked: f.unacknowledgedDelivered, pass: f.pass })
      .toEqual({ outOfOrder: 2, subscribers: 1, lots: 1, unacked: 1, pass: false });
    expect(f.problems).toContain('1 subscribers lost their connection');
  });

  it('counts an offer only on its own lot: delivered on another lot\'s topic, it is missing on its own and a problem', () => {
    // a2 was accepted on A, but its message went out on B's topic only (after B's offers, higher: no order broken there).
    const r = harness({
      lots: [
        { idLot: 'A', offers: [offer('a1', 1000, 10, 1_010, [[0, 3]]), offer('a3', 1020, 14, 1_600, [[0, 3]])], finals: { a3: 3 } },
        { idLot: 'B', offers: [offer('b1', 500, 11, 1_200, [[0, 3]]), offer('a2', 1010, 15, 1_700, [[0, 3]])], finals: { a2: 3 } },
      ],
    });
    const f = joinFanout([...acks, { idLot: 'A', idOffer: 'a3', offer: 1020, t: 1_590 }], r);
    expect({ onOtherLot: f.offersOnOtherLot, missing: f.missing, seenByNobody: f.offersSeenByNobody, notAtFinal: f.notAtFinalBest, pass: f.pass })
      .toEqual({ onOtherLot: 1, missing: 3, seenByNobody: 1, notAtFinal: 3, pass: false });
    expect(f.problems).toContain('1 acknowledged offers delivered on another lot\'s topic');
  });

  it('fails on lot messages the harness could not read, and says when subscribers were never tried', () => {
    const f = joinFanout(acks, harness({ messages: { ...harness().messages, unparsed: 4 } }));
    expect({ unparsed: f.unparsed, pass: f.pass }).toEqual({ unparsed: 4, pass: false });
    expect(f.problems).toEqual(['4 messages on the lot topics not readable as lot messages']);
    const stopped = joinFanout(acks, harness({ subscribed: 1, connected: 1, notAttempted: 2, subscribersChecked: 1 }));
    expect(stopped.problems[0]).toBe('2 of 3 subscribers not subscribed (0 refused, 0 failed, 2 never tried: the harness was stopped during its ramp)');
  });

  it('takes nearest-rank percentiles of a histogram', () => {
    expect(histogramPercentiles(new Map([[10, 98], [20, 1], [300, 1]]))).toEqual({ n: 100, min: 10, p50: 10, p95: 10, p99: 20, max: 300, negative: 0 });
    expect(histogramPercentiles(new Map()).p99).toBeNull();
  });

  it('reads the acknowledged offers with their 201 time from k6 console lines', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fanout-acks-'));
    try {
      const file = path.join(dir, 'acks.ndjson');
      const line = { k: 'offer', idAuction: 'X', idLot: 'A', idOffer: 'a1', offer: 1000, username: 'dealer1', t: 1_008 };
      writeFileSync(file, [JSON.stringify(line), JSON.stringify({ ...line, idOffer: 'old', t: undefined }), '{"k":"error"}', 'text'].join('\n'));
      expect(await readTimedOfferAcks(file)).toEqual([{ idLot: 'A', idOffer: 'a1', offer: 1000, t: 1_008 }]);
      expect(await readTimedOfferAcks(path.join(dir, 'none.ndjson'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the fan-out in the report', () => {
  it('shows the harness figures, the API CPU per delivery and the delivery target', () => {
    const run = {
      scenario: 'fanout', mode: 'server', summary: { fanout: null },
      processes: [{ name: 'api', pid: 1, maxRssMb: 300, meanCpuPct: 45, meanCpuWholePct: 45, maxCpuPct: 60, samples: 10, memory: 'rss' }],
      fanout: joinFanout(acks, harness()),
    } as unknown as ScenarioRun;
    // 9 deliveries from 1,010 (a1's first) to 1,500 (a2's last): 18/s; the API's 45 % of a core ÷ 18/s = 25,000 µs each.
    expect(fanoutRows([run])[0]).toEqual([
      'fanout', 'server', '3 of 3', '3', '9 of 9', '18', '1 / 90 / **90** / 90 (3 < 0)', '– / –', '– / –', '5 / 90', '0 / 0', 'all', '4.4 µs (20 MB)', '45 % / 25,000 µs',
    ]);
    const targets = evaluateTargets({ runs: [run], extras: {}, profile: 'smoke', machine: { cores: 2 } as never, baseline: [] });
    expect(targets.find((t) => t.id === 'fanout-p99')).toMatchObject({ figure: 'p99 90 ms with 3 subscribers (201 → delivery, harness)', met: 'n/a' });
    // Every delivery arrived, but with 3 subscribers instead of 5,000: not judged.
    expect(targets.find((t) => t.id === 'fanout-delivery')).toMatchObject({ met: 'n/a', note: '3 subscribers instead of 5,000' });
  });

  it('fails the bench, and the delivery target, when the harness gave no figures (crashed, killed, no result file)', () => {
    const broke = {
      scenario: 'fanout', mode: 'server', summary: { fanout: { p99: null, subscribers: 0 } }, correctness: { pass: true },
      fanoutError: 'the harness wrote no result; see .bench/x/embedded/fanout.fanout-sub.log',
    } as unknown as ScenarioRun;
    expect(runFailures(broke)).toEqual(['fanout/server: fan-out figures missing: the harness wrote no result; see .bench/x/embedded/fanout.fanout-sub.log']);
    const targets = evaluateTargets({ runs: [broke], extras: {}, profile: 'smoke', machine: { cores: 2 } as never, baseline: [] });
    expect(targets.find((t) => t.id === 'fanout-delivery')).toMatchObject({ met: 'no' });
    expect(targets.find((t) => t.id === 'fanout-p99')).toMatchObject({ met: 'n/a' });
    expect(targets.find((t) => t.id === 'fanout-p99')!.figure).toContain('harness');
    const passed = { scenario: 'fanout', mode: 'embedded', correctness: { pass: true }, fanout: joinFanout(acks, harness()) } as unknown as ScenarioRun;
    expect(runFailures(passed)).toEqual([]);
  });

  it('plans 20,000 subscribers for fanout-20k and a longer ramp for a larger --subscribers', () => {
    expect(fanoutPlan('full', 'fanout')).toMatchObject({ subscribers: 5000, rampSeconds: 40, liveAccounts: 20 });
    expect(fanoutPlan('full', 'fanout-20k')).toMatchObject({ subscribers: 20_000, rampSeconds: 100 });
    expect(fanoutPlan('smoke', 'fanout', 50)).toMatchObject({ subscribers: 50, rampSeconds: 2, liveAccounts: 20 });
  });

  it('holds fewer subscribers, and says why, when a process may not open one file per connection', () => {
    const plan = fanoutPlan('full', 'fanout-20k');
    expect(withinOpenFiles(plan, 30_000)).toBe(plan);
    expect(withinOpenFiles(plan, null)).toBe(plan);
    const capped = withinOpenFiles(plan, 20_000);
    expect(capped.subscribers).toBe(18_976);
    expect(capped.capped).toMatchObject({ asked: 20_000 });
    expect(capped.capped!.reason).toContain('20,000 files');
  });

  it('on the Mosquitto edge the API holds no connection: only Mosquitto\'s and the harness\'s own files are kept back', () => {
    const plan = fanoutPlan('full', 'fanout-20k');
    const capped = withinOpenFiles(plan, 20_000, 'mosquitto');
    expect(capped.subscribers).toBe(19_936);
    expect(capped.capped!.reason).toContain('Mosquitto and the harness each need one per connection plus 64');
    expect(withinOpenFiles(plan, 20_064, 'mosquitto')).toBe(plan);
  });
});
