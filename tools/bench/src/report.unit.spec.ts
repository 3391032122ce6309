import { describe, expect, it } from 'vitest';
import { cpuCostRows, type ScenarioRun } from './report.js';

const proc = (name: string, meanCpuPct: number) => ({ name, pid: 1, maxRssMb: 100, meanCpuPct, meanCpuWholePct: meanCpuPct, maxCpuPct: meanCpuPct, samples: 10, memory: 'rss' as const });

describe('CPU per processed offer', () => {
  it('divides each process\'s mean CPU by the rate, sums them, and gives the rate at which the cores are full', () => {
    const run = {
      scenario: 'hot-lot', mode: 'server', summary: { offers: { processedPerSecond: 2000 } },
      processes: [proc('api', 80), proc('k6', 90), proc('postgres', 10), proc('kafka', 0)],
    } as unknown as ScenarioRun;
    const [row] = cpuCostRows({ runs: [run], machine: { cores: 2 } as never });
    // api 0.8 core / 2000/s = 0.40 ms; postgres 0.05; kafka 0; mosquitto none; k6 0.45; all 0.90 ms → 2 cores / 0.9 ms = 2,222/s.
    expect(row).toEqual(['hot-lot', 'server', '2,000', '0.40', '0.05', '0.00', '–', '0.45', '**0.90**', '1.80 of 2', '2,222/s']);
  });

  it('leaves out scenarios without an offer rate (fan-out, showcase) and runs without process figures', () => {
    const runs = [
      { scenario: 'fanout', mode: 'server', summary: { offers: { processedPerSecond: 5 } }, processes: [proc('api', 10)] },
      { scenario: 'spread', mode: 'server', summary: { offers: { processedPerSecond: 0 } }, processes: [proc('api', 10)] },
      { scenario: 'spread', mode: 'embedded', summary: { offers: { processedPerSecond: 100 } } },
    ] as unknown as ScenarioRun[];
    expect(cpuCostRows({ runs, machine: { cores: 2 } as never })).toEqual([]);
  });
});
