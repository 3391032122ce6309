import { describe, expect, it } from 'vitest';
import { cpuCostOf, pgbenchCostMs } from './cpu-cost.js';
import { consoleReport, cpuCostRows, markdownOf, peakRssLine, type BaselineAtClients, type Results, type ScenarioRun } from './report.js';

const proc = (name: string, meanCpuPct: number, maxRssMb = 100) => ({ name, pid: 1, maxRssMb, meanCpuPct, meanCpuWholePct: meanCpuPct, maxCpuPct: meanCpuPct, samples: 10, memory: 'rss' as const });
const insertAt = (clients: number, eventsPerSecond: number): BaselineAtClients =>
  ({ clients, insert: { kind: 'insert', clients, threads: 2, seconds: 5, tps: eventsPerSecond, eventsPerSecond, latencyAvgMs: 1, transactions: 1, failed: 0 } });

describe('CPU per processed offer', () => {
  const hot = {
    scenario: 'hot-lot', mode: 'server', clients: 500, baselineEventsPerSecond: 8000, summary: { offers: { processedPerSecond: 2000 } },
    processes: [proc('api', 80), proc('k6', 90), proc('postgres', 10), proc('kafka', 0)],
  } as unknown as ScenarioRun;

  it('divides each process\'s mean CPU by the rate, and gives the server side\'s capacity and its ratio to pgbench\'s one-event transaction', () => {
    const [row] = cpuCostRows({ runs: [hot], machine: { cores: 2 } as never, baseline: [insertAt(64, 7000), insertAt(150, 8000)] });
    // api 0.8 core / 2000/s = 0.40 ms; postgres 0.05; kafka 0; mosquitto and harness none; k6 0.45; all 0.90 ms → 2,222/s.
    // Server side 0.45 ms → 2 × 1000 ÷ 0.45 = 4,444/s; pgbench 2 × 1000 ÷ 8,000 = 0.25 ms at 150 clients (the run's) → 1.80×.
    expect(row).toEqual(['hot-lot', 'server', '2,000', '0.40', '0.05', '0.00', '–', '0.45', '–', '**0.90**', '1.80 of 2', '2,222/s',
      '**0.450**', '**4,444/s**', '0.250 (8,000/s at 150 clients)', '**1.80×**']);
  });

  it('takes the nearest baseline when none ran at the run\'s clients, and says so', () => {
    const fan = { ...hot, scenario: 'fanout', clients: 20, baselineEventsPerSecond: undefined } as unknown as ScenarioRun;
    const c = cpuCostOf(fan, { machine: { cores: 2 }, baseline: [insertAt(64, 7000), insertAt(150, 8000)] })!;
    expect(c.pgbench).toEqual({ ms: pgbenchCostMs(2, 7000), eventsPerSecond: 7000, clients: 64, atScenarioClients: false });
    expect(cpuCostRows({ runs: [fan], machine: { cores: 2 } as never, baseline: [insertAt(64, 7000)] })[0]![14]).toBe('0.286 (7,000/s at 64 clients, nearest)');
  });

  it('keeps the harness and k6 out of the server side, and the embedded API is the whole server', () => {
    const fan = { ...hot, scenario: 'fanout', processes: [...hot.processes!, proc('fanout-sub', 100)] } as unknown as ScenarioRun;
    const c = cpuCostOf(fan, { machine: { cores: 2 } })!;
    expect({ server: c.serverMs, all: c.allMs, harness: c.msOf['fanout-sub'], pgbench: c.pgbench }).toEqual({ server: 0.45, all: 1.4, harness: 0.5, pgbench: null });
    const embedded = { ...hot, mode: 'embedded', processes: [proc('api', 100), proc('k6', 90)] } as unknown as ScenarioRun;
    expect(cpuCostOf(embedded, { machine: { cores: 2 } })!.serverMs).toBe(0.5);
  });

  it('includes fan-out and closing-rush, leaves out showcase-rush, runs without a rate, process figures or an API figure', () => {
    const runs = [
      { scenario: 'fanout', mode: 'server', summary: { offers: { processedPerSecond: 5 } }, processes: [proc('api', 10)] },
      { scenario: 'closing-rush', mode: 'server', summary: { offers: { processedPerSecond: 50 } }, processes: [proc('api', 10)] },
      { scenario: 'showcase-rush', mode: 'server', summary: { offers: { processedPerSecond: 5 } }, processes: [proc('api', 10)] },
      { scenario: 'spread', mode: 'server', summary: { offers: { processedPerSecond: 0 } }, processes: [proc('api', 10)] },
      { scenario: 'spread', mode: 'embedded', summary: { offers: { processedPerSecond: 100 } } },
    ] as unknown as ScenarioRun[];
    expect(cpuCostRows({ runs, machine: { cores: 2 } as never }).map((r) => r[0])).toEqual(['fanout', 'closing-rush']);
    const noApi = { ...hot, processes: [proc('k6', 90)] } as unknown as ScenarioRun;
    expect(cpuCostOf(noApi, { machine: { cores: 2 } })).toMatchObject({ serverMs: null, capacityPerSecond: null, ratioToPgbench: null });
  });
});

describe('peak RSS per process', () => {
  const run = {
    scenario: 'spread', mode: 'embedded', apiIdleRssMb: 212.4, summary: { offers: { processedPerSecond: 1000 } }, processes: [proc('api', 80, 480.6), proc('k6', 90, 150)],
  } as unknown as ScenarioRun;

  it('is printed for every scenario on the console, with the API\'s idle RSS', () => {
    expect(peakRssLine(run)).toBe('api 481, k6 150 MB; API idle before the load 212 MB');
    expect(peakRssLine({ scenario: 'x', mode: 'server' } as ScenarioRun)).toBe('not sampled');
    expect(peakRssLine({ ...run, apiIdleAfterSeconds: 12.5 } as ScenarioRun)).toBe('api 481, k6 150 MB; API idle before the load 212 MB (at 12.5 s)');
    expect(peakRssLine({ ...run, apiIdleAfterSeconds: 38, apiIdleNote: 'x' } as ScenarioRun)).toBe('api 481, k6 150 MB; API idle before the load 212 MB (at 38 s, not quiet)');
    const results = {
      runs: [run], baseline: [], targets: [], failures: [], durationSeconds: 1, rawDir: '.bench/x', extras: {}, machine: { cores: 2 }, profile: 'smoke', modes: ['embedded'],
    } as unknown as Results;
    expect(consoleReport(results, 'r.json')).toContain('peak RSS per process (MB):\n  spread/embedded         api 481, k6 150 MB; API idle before the load 212 MB');
  });

  it('and in the processes table of BENCHMARKS.md', () => {
    const results = {
      runs: [run], baseline: [], targets: [], failures: [], durationSeconds: 60, rawDir: '.bench/x', extras: {}, command: 'npm run bench', startedAt: '2026-11-26T12:00:00Z',
      machine: { cores: 2, cpuModel: 'cpu', memoryGb: 8, kernel: 'k', node: 'v24', k6: null, postgres: null, kafka: null, mosquitto: null, commit: null, dirty: false },
      profile: 'smoke', modes: ['embedded'],
    } as unknown as Results;
    const md = markdownOf(results, 'r.json');
    expect(md).toContain('| spread | embedded | 212 MB | 481 MB / 80 % | – | – | – | 150 MB / 90 % | – |');
    // Embedded: the API is the whole server side, 0.8 core ÷ 1,000/s = 0.8 ms → 2,500/s on 2 cores; no baseline in this run.
    expect(md).toContain('| spread | embedded | 1,000 | 0.80 | – | – | – | 0.90 | – | **1.70** | 1.70 of 2 | 1,176/s | **0.800** | **2,500/s** | – | – |');
    expect(md).toContain('| server side ms | capacity at 2 cores without the load generator | pgbench 1-event tx ms | server ÷ pgbench |');
  });
});
