/**
 * Reads a V8 `.cpuprofile` (written by `node --cpu-prof`) and sums self time per component (idle, GC, each npm
 * package, each workspace library, Node's own modules) and per function, so a bench run says where the API's CPU
 * went without opening a flame graph. The same file opens in Chrome DevTools or speedscope for the flame graph.
 */
import { readFileSync } from 'node:fs';

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
}
interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
}
/** The parts of a `.cpuprofile` this module reads. */
export interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
  readonly startTime: number;
  readonly endTime: number;
}

/** Self time of one component or function. */
export interface ProfileShare {
  readonly name: string;
  readonly ms: number;
  /** Share of the busy time (all but idle), in %. */
  readonly busyPercent: number;
}

/** What {@link summarizeProfile} finds. */
export interface ProfileSummary {
  readonly wallMs: number;
  readonly busyMs: number;
  readonly idleMs: number;
  readonly components: readonly ProfileShare[];
  readonly functions: readonly ProfileShare[];
}

/** The component a frame belongs to: an npm package, a workspace library, a Node module, or V8's own entries. */
export function componentOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === '(idle)') return '(idle)';
    if (functionName === '(garbage collector)') return 'GC';
    if (functionName === '(program)') return 'V8 (program)';
    return 'native';
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(url);
  if (pkg) return pkg[1]!;
  const lib = /\/(libs|apps|tools)\/([^/]+)\//.exec(url);
  if (lib) return `${lib[1]}/${lib[2]}`;
  if (url.startsWith('node:')) {
    const parts = url.slice(5).split('/');
    return `node:${parts[0] === 'internal' ? (parts[1] ?? 'internal').replace(/\.js$/, '') : parts[0]}`;
  }
  return 'other';
}

/** Sums self time per component and per function (top `top` of each). */
export function summarizeProfile(profile: CpuProfile, top = 15): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const components = new Map<string, number>();
  const functions = new Map<string, number>();
  let idleUs = 0;
  let totalUs = 0;
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    totalUs += us;
    const component = componentOf(frame);
    if (component === '(idle)') {
      idleUs += us;
      continue;
    }
    components.set(component, (components.get(component) ?? 0) + us);
    const where = frame.url ? `${frame.url.replace(/^.*\/(node_modules|libs|apps|tools)\//, '$1/')}:${frame.lineNumber + 1}` : '';
    const key = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    functions.set(key, (functions.get(key) ?? 0) + us);
  }
  const busyUs = totalUs - idleUs;
  const shares = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)
    .map(([name, us]) => ({ name, ms: Math.round(us / 1000), busyPercent: busyUs > 0 ? Math.round((us / busyUs) * 1000) / 10 : 0 }));
  return {
    wallMs: Math.round((profile.endTime - profile.startTime) / 1000),
    busyMs: Math.round(busyUs / 1000),
    idleMs: Math.round(idleUs / 1000),
    components: shares(components),
    functions: shares(functions),
  };
}

/** Reads and summarizes a `.cpuprofile` file. */
export function summarizeProfileFile(file: string, top = 15): ProfileSummary {
  return summarizeProfile(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, top);
}

/** The summary as text lines (console and the raw folder). */
export function profileText(title: string, s: ProfileSummary): string {
  const row = (p: ProfileShare) => `  ${String(p.busyPercent.toFixed(1)).padStart(5)} %  ${String(p.ms).padStart(7)} ms  ${p.name}`;
  return [
    `${title}: ${(s.wallMs / 1000).toFixed(1)} s profiled, busy ${(s.busyMs / 1000).toFixed(1)} s, idle ${(s.idleMs / 1000).toFixed(1)} s`,
    ' self time by component (% of busy):',
    ...s.components.map(row),
    ' self time by function (% of busy):',
    ...s.functions.map(row),
  ].join('\n');
}
