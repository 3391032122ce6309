/**
 * CPU profiling of the API for the load phase only: the API runs with `--inspect=127.0.0.1:<port>` and the bench
 * drives V8's sampling profiler over the inspector protocol (Profiler.start / Profiler.stop), so the profile leaves
 * out the API's start, the demo data and k6's setup. The result is an ordinary `.cpuprofile` (what `node --cpu-prof`
 * writes): open it in Chrome DevTools or speedscope for the flame graph.
 */
import { writeFileSync } from 'node:fs';
import { sleep } from './util.js';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/** A connection to one process's inspector. */
export class InspectorProfiler {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
      const waiter = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id!);
      if (message.error) waiter.reject(new Error(message.error.message));
      else waiter.resolve(message.result);
    });
    socket.addEventListener('close', () => {
      for (const waiter of this.pending.values()) waiter.reject(new Error('inspector connection closed'));
      this.pending.clear();
    });
  }

  /** Connects to the inspector listening on `port` (retries while the process starts). */
  static async connect(port: number, timeoutMs = 10_000): Promise<InspectorProfiler> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(1_000) });
        const [target] = (await res.json()) as { webSocketDebuggerUrl: string }[];
        if (!target) throw new Error('no inspector target');
        const socket = new WebSocket(target.webSocketDebuggerUrl);
        await new Promise<void>((resolve, reject) => {
          socket.addEventListener('open', () => resolve(), { once: true });
          socket.addEventListener('error', () => reject(new Error(`cannot connect to ${target.webSocketDebuggerUrl}`)), { once: true });
        });
        return new InspectorProfiler(socket);
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`no inspector on 127.0.0.1:${port}: ${(error as Error).message}`);
        await sleep(200);
      }
    }
  }

  private send(method: string, params: object = {}): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** Starts sampling every `intervalUs` µs. */
  async start(intervalUs = 1000): Promise<void> {
    await this.send('Profiler.enable');
    await this.send('Profiler.setSamplingInterval', { interval: intervalUs });
    await this.send('Profiler.start');
  }

  /** Stops sampling and writes the `.cpuprofile` to `file`. */
  async stop(file: string): Promise<void> {
    const result = (await this.send('Profiler.stop')) as { profile: unknown };
    writeFileSync(file, JSON.stringify(result.profile));
  }

  close(): void {
    this.socket.close();
  }
}
