/**
 * Samples memory and CPU of processes from /proc every `everyMs` (default 500 ms) while a scenario runs.
 *
 * - CPU: utime + stime of the process (all its threads), plus for a process tree (PostgreSQL: the postmaster and
 *   its backends) the live children's and the reaped children's (cutime + cstime of the root), so backends that come
 *   and go are counted. Mean CPU% = CPU seconds over wall seconds × 100, i.e. of one core (200% = two cores busy).
 * - Memory: RSS of a single process (VmRSS); for a tree the sum of PSS (/proc/<pid>/smaps_rollup), so the shared
 *   buffers PostgreSQL's processes all map are counted once. The figure kept is the highest sample.
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface SampleTarget {
  readonly name: string;
  readonly pid: number;
  /** The process and all its descendants (PostgreSQL's postmaster). */
  readonly tree?: boolean;
}

export interface ProcessFigures {
  readonly name: string;
  readonly pid: number;
  /** Highest RSS seen (PSS sum for a tree), MB. */
  readonly maxRssMb: number | null;
  /** Mean CPU over the load phase when it is known (else the whole window), % of one core. */
  readonly meanCpuPct: number | null;
  /** Mean CPU over the whole sampling window (k6's setup included). */
  readonly meanCpuWholePct: number | null;
  /** Highest CPU% over one sampling interval. */
  readonly maxCpuPct: number | null;
  readonly samples: number;
  /** How memory was read. */
  readonly memory: 'rss' | 'pss-sum';
}

const CLK_TCK = 100; // USER_HZ on Linux
const PAGE = 4096;

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** utime, stime, cutime, cstime (ticks) and ppid of a process, or null when it is gone. */
function statOf(pid: number): { ppid: number; self: number; children: number } | null {
  const text = readText(`/proc/${pid}/stat`);
  if (!text) return null;
  // The command name (field 2) may hold spaces and parentheses: split after its closing parenthesis.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): ppid = field 4, utime = 14, stime = 15, cutime = 16, cstime = 17.
  const f = (n: number) => Number(fields[n - 3]);
  return { ppid: f(4), self: f(14) + f(15), children: f(16) + f(17) };
}

/** User + system CPU seconds a live process has used so far (its threads, not its children), or undefined when it is gone. */
export function cpuSecondsOf(pid: number): number | undefined {
  const s = statOf(pid);
  return s ? s.self / CLK_TCK : undefined;
}

function rssMbOf(pid: number): number | null {
  const text = readText(`/proc/${pid}/statm`);
  if (!text) return null;
  return (Number(text.split(' ')[1]) * PAGE) / 1_048_576;
}

function pssMbOf(pid: number): number {
  const text = readText(`/proc/${pid}/smaps_rollup`);
  const m = text ? /^Pss:\s+(\d+) kB/m.exec(text) : null;
  if (m) return Number(m[1]) / 1024;
  return rssMbOf(pid) ?? 0;
}

/** Pids of every live descendant of `root` (one pass over /proc). */
function descendantsOf(root: number): number[] {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = statOf(Number(name));
    if (s) parent.set(Number(name), s.ppid);
  }
  const out: number[] = [];
  const wanted = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of parent) {
      if (!wanted.has(pid) && wanted.has(ppid)) {
        wanted.add(pid);
        out.push(pid);
        grew = true;
      }
    }
  }
  return out;
}

interface Reading {
  readonly at: number;
  readonly cpuTicks: number;
  readonly memMb: number;
}

function readingOf(target: SampleTarget): Reading | null {
  const root = statOf(target.pid);
  if (!root) return null;
  if (!target.tree) return { at: performance.now(), cpuTicks: root.self, memMb: rssMbOf(target.pid) ?? 0 };
  let ticks = root.self + root.children;
  let mem = pssMbOf(target.pid);
  for (const pid of descendantsOf(target.pid)) {
    const s = statOf(pid);
    if (!s) continue;
    ticks += s.self;
    mem += pssMbOf(pid);
  }
  return { at: performance.now(), cpuTicks: ticks, memMb: mem };
}

/** Samples `targets` until `stop()`; a target that is gone simply stops contributing. */
export class ProcessSampler {
  private readonly readings = new Map<string, Reading[]>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly targets: readonly SampleTarget[], private readonly everyMs = 500) {
    for (const t of targets) this.readings.set(t.name, []);
  }

  start(): this {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.everyMs);
    return this;
  }

  private sample(): void {
    for (const t of this.targets) {
      const r = readingOf(t);
      if (r) this.readings.get(t.name)!.push(r);
    }
  }

  /** Stops sampling (one last sample). Call `figures()` then. */
  stop(): this {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.sample();
    return this;
  }

  /**
   * The figures of each target. `phase` (performance.now() instants) bounds the mean CPU to the load phase, e.g. the
   * last `durationSeconds` before k6 exited; the whole window is used when it holds fewer than two samples.
   */
  figures(phase?: { from: number; to: number }): ProcessFigures[] {
    const mean = (a: Reading, b: Reading) => (b.at > a.at ? Math.round(((b.cpuTicks - a.cpuTicks) / CLK_TCK / ((b.at - a.at) / 1000)) * 100) : null);
    return this.targets.map((t) => {
      const rs = this.readings.get(t.name)!;
      const memory = t.tree ? 'pss-sum' as const : 'rss' as const;
      if (rs.length === 0) return { name: t.name, pid: t.pid, maxRssMb: null, meanCpuPct: null, meanCpuWholePct: null, maxCpuPct: null, samples: 0, memory };
      const first = rs[0]!;
      const last = rs.at(-1)!;
      const inPhase = phase ? rs.filter((r) => r.at >= phase.from && r.at <= phase.to) : [];
      const whole = mean(first, last);
      let maxCpu = 0;
      for (let i = 1; i < rs.length; i++) {
        const dt = (rs[i]!.at - rs[i - 1]!.at) / 1000;
        // Ticks are 10 ms: an interval much shorter than the period (the last sample of stop()) says nothing.
        if (dt >= (this.everyMs / 1000) * 0.5) maxCpu = Math.max(maxCpu, ((rs[i]!.cpuTicks - rs[i - 1]!.cpuTicks) / CLK_TCK / dt) * 100);
      }
      return {
        name: t.name,
        pid: t.pid,
        maxRssMb: Math.round(Math.max(...rs.map((r) => r.memMb))),
        meanCpuPct: inPhase.length >= 2 ? mean(inPhase[0]!, inPhase.at(-1)!) : whole,
        meanCpuWholePct: whole,
        maxCpuPct: rs.length > 1 ? Math.round(maxCpu) : null,
        samples: rs.length,
        memory,
      };
    });
  }
}

/** RSS of one process now, MB (null when it is gone). */
export function rssMbNow(pid: number): number | null {
  const text = readText(`/proc/${pid}/status`);
  const m = text ? /^VmRSS:\s+(\d+) kB/m.exec(text) : null;
  return m ? Math.round(Number(m[1]) / 1024) : null;
}

export interface QuietWait {
  /** Whether the process's CPU stayed under the bound for a whole window before `maxMs`. */
  readonly quiet: boolean;
  /** How long the wait took, ms. */
  readonly waitedMs: number;
  /** CPU of the last window, % of one core (null when the process is gone). */
  readonly lastWindowCpuPct: number | null;
}

/**
 * Waits until a process is idle: its CPU (all threads) stayed under `belowPct` % of one core over a window of
 * `windowMs`, read every `everyMs`; gives up after `maxMs` (quiet false). The idle RSS of an API is read after its
 * start has done its work (the demo's photos, the first garbage collections), not at a fixed instant after "listening".
 */
export async function waitQuiet(
  pid: number,
  { belowPct = 5, windowMs = 2_000, everyMs = 250, maxMs = 30_000 }: { belowPct?: number; windowMs?: number; everyMs?: number; maxMs?: number } = {},
): Promise<QuietWait> {
  const started = Date.now();
  const readings: { at: number; cpu: number }[] = [];
  let lastPct: number | null = null;
  for (;;) {
    const cpu = cpuSecondsOf(pid);
    const at = Date.now();
    if (cpu === undefined) return { quiet: false, waitedMs: at - started, lastWindowCpuPct: null };
    readings.push({ at, cpu });
    while (readings.length > 1 && at - readings[1]!.at >= windowMs) readings.shift();
    const first = readings[0]!;
    if (at - first.at >= windowMs) {
      lastPct = ((cpu - first.cpu) / ((at - first.at) / 1000)) * 100;
      if (lastPct < belowPct) return { quiet: true, waitedMs: at - started, lastWindowCpuPct: lastPct };
    }
    if (at - started >= maxMs) return { quiet: false, waitedMs: at - started, lastWindowCpuPct: lastPct };
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
