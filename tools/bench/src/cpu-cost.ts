/**
 * CPU per processed offer (issue 25 item 6): per process, the server side's (API + PostgreSQL + Kafka + Mosquitto;
 * k6 and the fan-out harness are the load generator), the capacity it implies on the machine's cores without the load
 * generator, and its ratio to pgbench's cost of one one-event transaction measured in the same run.
 *
 * pgbench's cost = cores × 1000 ms ÷ its `insert` events/s (one event store INSERT committed alone, see baseline.ts) at
 * the scenario's clients: pgbench keeps the machine's cores busy, so this is the machine's whole CPU per one-event
 * transaction, PostgreSQL's and pgbench's own client work together (an upper bound of PostgreSQL's part).
 */
import type { BaselineAtClients, MachineInfo, ScenarioRun } from './report.js';

/** Scenarios whose offers are processed under load (showcase-rush buys vehicles: no offers). */
export const COST_SCENARIOS = ['spread', 'hot-lot', 'closing-rush', 'fanout', 'fanout-20k'];
/** The server side: what serves the offers. In embedded mode only the API runs (its database and broker inside it). */
export const SERVER_PROCESSES = ['api', 'postgres', 'kafka', 'mosquitto'] as const;
/** Every sampled process, in the table's order. */
export const COST_PROCESSES = [...SERVER_PROCESSES, 'k6', 'fanout-sub'] as const;

export interface PgbenchCost {
  /** Machine CPU ms per one-event transaction. */
  readonly ms: number;
  readonly eventsPerSecond: number;
  readonly clients: number;
  /** False when no baseline ran at the scenario's clients and the nearest one stands in. */
  readonly atScenarioClients: boolean;
}

export interface CpuCost {
  /** Offers processed (accepted or refused) per second. */
  readonly rate: number;
  /** CPU ms per processed offer of each sampled process (null: not sampled). */
  readonly msOf: Readonly<Record<(typeof COST_PROCESSES)[number], number | null>>;
  /** API + PostgreSQL + Kafka + Mosquitto (null without the API's figure). */
  readonly serverMs: number | null;
  /** Every sampled process, the load generator included. */
  readonly allMs: number;
  readonly coresBusy: number;
  /** Offers/s at which the server side alone would fill the machine's cores. */
  readonly capacityPerSecond: number | null;
  readonly pgbench: PgbenchCost | null;
  /** serverMs ÷ pgbench.ms. */
  readonly ratioToPgbench: number | null;
}

/** Machine CPU ms of one pgbench one-event transaction: cores × 1000 ÷ events/s. */
export function pgbenchCostMs(cores: number, eventsPerSecond: number): number {
  return (cores * 1000) / eventsPerSecond;
}

/** The `insert` baseline of a run: the one measured at its clients, else the nearest in clients. */
export function baselineOf(run: ScenarioRun, baseline: readonly BaselineAtClients[], cores: number): PgbenchCost | null {
  const measured = baseline.filter((b) => (b.insert?.eventsPerSecond ?? 0) > 0);
  const exact = typeof run.baselineEventsPerSecond === 'number' ? measured.find((b) => b.insert!.eventsPerSecond === run.baselineEventsPerSecond) : undefined;
  const wanted = run.clients ?? 0;
  const b = exact ?? [...measured].sort((x, y) => Math.abs(x.clients - wanted) - Math.abs(y.clients - wanted))[0];
  if (!b) return null;
  const eventsPerSecond = b.insert!.eventsPerSecond;
  return { ms: pgbenchCostMs(cores, eventsPerSecond), eventsPerSecond, clients: b.clients, atScenarioClients: !!exact };
}

/** The CPU cost of one run, or null when it has no offer rate or no process figures. */
export function cpuCostOf(run: ScenarioRun, r: { machine: Pick<MachineInfo, 'cores'>; baseline?: readonly BaselineAtClients[] }): CpuCost | null {
  const rate = run.summary?.offers?.processedPerSecond ?? 0;
  if (!COST_SCENARIOS.includes(run.scenario) || run.error || rate <= 0 || !run.processes?.length) return null;
  const of = (name: string) => {
    const cpu = run.processes!.find((x) => x.name === name && x.samples > 0)?.meanCpuPct;
    return typeof cpu === 'number' ? ((cpu / 100) * 1000) / rate : null;
  };
  const msOf = Object.fromEntries(COST_PROCESSES.map((name) => [name, of(name)])) as CpuCost['msOf'];
  const sum = (names: readonly string[]) => names.reduce((s, name) => s + (msOf[name as keyof typeof msOf] ?? 0), 0);
  const serverMs = msOf.api === null ? null : sum(SERVER_PROCESSES);
  const allMs = sum(COST_PROCESSES);
  const cores = r.machine.cores;
  const pgbench = baselineOf(run, r.baseline ?? [], cores);
  return {
    rate, msOf, serverMs, allMs, coresBusy: (allMs * rate) / 1000,
    capacityPerSecond: serverMs ? (cores * 1000) / serverMs : null,
    pgbench, ratioToPgbench: serverMs !== null && pgbench ? serverMs / pgbench.ms : null,
  };
}
