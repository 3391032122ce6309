import { upcastEvent } from '@auction/domain';
import type { EventStore, NewEvent, StoredEvent } from '@auction/event-store';

/**
 * Where the tool reads events: the running API (admin calls) or a store opened directly. Either way the events come
 * upcast (`@auction/domain` upcasters.ts): old bodies lifted, and secrets that earlier releases wrote into bodies
 * (password hashes) removed, so neither `stream`, `tail` nor `export` ever prints one.
 */
export interface EventSource {
  readonly description: string;
  readStream(streamId: string): Promise<StoredEvent[]>;
  readAll(after: number, limit: number): Promise<StoredEvent[]>;
  close(): Promise<void>;
}

type Json = Omit<StoredEvent, 'recordedAt'> & { recordedAt: string };
const revive = (e: Json): StoredEvent => upcastEvent({ ...e, recordedAt: new Date(e.recordedAt) });

/** The running API, through its ADMIN event endpoints. Works while the product serves, in every mode. */
export class HttpSource implements EventSource {
  private constructor(readonly description: string, private readonly base: string, private readonly token: string) {}

  static async login(base: string, username: string, password: string): Promise<HttpSource> {
    const res = await fetch(`${base}/api/v1/mobile/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }),
    });
    const body = (await res.json()) as { token?: string; errorMsg?: string };
    if (!res.ok || !body.token) throw new Error(`login to ${base} as ${username} failed: ${res.status} ${body.errorMsg ?? ''}`);
    return new HttpSource(`API ${base}`, base, body.token);
  }

  /** An authenticated call to the API. */
  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.base}${path}`, {
      method, headers: { token: this.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const parsed = text ? (JSON.parse(text) as T & { errorMsg?: string }) : (undefined as T);
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${(parsed as { errorMsg?: string } | undefined)?.errorMsg ?? text}`);
    return parsed;
  }

  /** The whole stream, read a page (at most 1,000 events) at a time. */
  async readStream(streamId: string): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    for (let fromVersion = 1; ;) {
      const page = (await this.call<Json[]>('GET', `/api/v1/admin/events/stream/${encodeURIComponent(streamId)}?fromVersion=${fromVersion}&limit=1000`)).map(revive);
      events.push(...page);
      if (page.length < 1000) return events;
      fromVersion = page.at(-1)!.streamVersion + 1;
    }
  }

  async readAll(after: number, limit: number): Promise<StoredEvent[]> {
    return (await this.call<Json[]>('GET', `/api/v1/admin/events/log?after=${after}&limit=${Math.min(limit, 1000)}`)).map(revive);
  }

  async close(): Promise<void> {}
}

/** A store opened directly (PostgreSQL, or an embedded data folder while the product is stopped). */
export class StoreSource implements EventSource {
  constructor(readonly description: string, readonly store: EventStore) {}

  async readStream(streamId: string): Promise<StoredEvent[]> {
    return (await this.store.readStream(streamId)).map((e) => upcastEvent(e));
  }

  async readAll(after: number, limit: number): Promise<StoredEvent[]> {
    return (await this.store.readAll(after, limit)).map((e) => upcastEvent(e));
  }

  /** Appends imported events stream by stream, keeping each stream's order and versions. */
  async append(streamId: string, expectedVersion: number, events: NewEvent[]): Promise<void> {
    await this.store.append(streamId, expectedVersion, events);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

/** Every event after `after`, page by page. */
export async function* allEvents(source: EventSource, after = 0, pageSize = 1000): AsyncGenerator<StoredEvent[]> {
  for (let position = after; ;) {
    const page = await source.readAll(position, pageSize);
    if (page.length === 0) return;
    yield page;
    position = page.at(-1)!.position;
  }
}
