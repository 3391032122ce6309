/**
 * The API from node (plain fetch), to set the scene the browsers then play in: log in with the session cookie and
 * `XSRF-TOKEN` (echoed as `X-XSRF-TOKEN` on non-GET calls), create auctions, move their end, read the server's time.
 */
import { DEMO_PASSWORD } from './server.js';

export interface ApiAnswer<T = any> {
  readonly status: number;
  readonly body: T;
  /** Local epoch ms when the request was sent and when its answer was read. */
  readonly sentAt: number;
  readonly receivedAt: number;
}

export interface LotInputBody {
  licensePlate: string;
  brand: string;
  model: string;
  basePrice: number;
  minIncrement: number;
  frame?: string;
  reservePrice?: number;
  buyNowPrice?: number;
  /** A loaded vehicle the lot sells (its plate, frame, brand and model are then the vehicle's). */
  idVehicle?: string;
}

export interface CreateAuctionBody {
  auctionName: string;
  idMarket: string;
  auctionType: string;
  startDate: string;
  endDate: string;
  regulationRequired?: boolean;
  extension?: { windowSeconds: number; extendSeconds: number };
  lots: LotInputBody[];
}

export interface LotViewBody {
  idLot: string;
  idAuction: string;
  /** The lot's loaded vehicle, or null for a lot typed by hand. */
  idVehicle: string | null;
  licensePlate: string;
  brand: string;
  model: string;
  basePrice: number;
  minIncrement: number;
  status: string;
  awardStatus: string;
  bestOffer: number | null;
  bestOfferId: string | null;
  offersCount: number;
  endDate: string;
  nextMinimumOffer: number;
}

export interface AuctionViewBody {
  idAuction: string;
  auctionName: string;
  status: string;
  startDate: string;
  endDate: string;
  lots: LotViewBody[];
}

export class ApiSession {
  private constructor(readonly baseUrl: string, readonly username: string, private readonly cookie: string, private readonly xsrf: string) {}

  /** `POST /api/v1/open/login`; throws when refused. */
  static async login(baseUrl: string, username: string, password = DEMO_PASSWORD): Promise<ApiSession> {
    const res = await fetch(`${baseUrl}/api/v1/open/login`, {
      method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ username, password }), signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`login of ${username} refused: ${res.status} ${text.slice(0, 300)}`);
    const cookies = new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const xsrf = cookies.get('XSRF-TOKEN');
    if (!xsrf) throw new Error(`login of ${username}: no XSRF-TOKEN cookie in ${JSON.stringify(res.headers.getSetCookie())}`);
    return new ApiSession(baseUrl, username, [...cookies].map(([k, v]) => `${k}=${v}`).join('; '), decodeURIComponent(xsrf));
  }

  async request<T = any>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { accept: 'application/json', cookie: this.cookie };
    if (method !== 'GET') headers['x-xsrf-token'] = this.xsrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const sentAt = Date.now();
    const res = await fetch(this.baseUrl + path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    const receivedAt = Date.now();
    let parsed: unknown = null;
    if (text) {
      try { parsed = JSON.parse(text); } catch { parsed = text; }
    }
    return { status: res.status, body: parsed as T, sentAt, receivedAt };
  }

  /** The answer's body when the status is the expected one; throws with the answer otherwise. */
  async expect<T = any>(status: number, method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.request<T>(method, path, body);
    if (res.status !== status) throw new Error(`${method} ${path}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)?.slice(0, 500)}`);
    return res.body;
  }

  createAuction(body: CreateAuctionBody): Promise<AuctionViewBody> {
    return this.expect<AuctionViewBody>(201, 'POST', '/api/v1/secure/auction', body);
  }

  auctionFull(idAuction: string): Promise<AuctionViewBody> {
    return this.expect<AuctionViewBody>(200, 'GET', `/api/v1/secure/auctionFull?idAuction=${encodeURIComponent(idAuction)}`);
  }

  resizeTime(idAuction: string, endDate: string): Promise<AuctionViewBody> {
    return this.expect<AuctionViewBody>(200, 'PATCH', `/api/v1/secure/auction/${encodeURIComponent(idAuction)}/resize-time`, { endDate });
  }

  /** One reading of `GET /api/v1/secure/time`, with the local send and receive instants. */
  time(): Promise<ApiAnswer<{ serverTime: string; epochMs: number }>> {
    return this.request('GET', '/api/v1/secure/time');
  }

  /** The server's clock as seen from node (the best of `samples` readings). */
  async serverClock(samples = 5): Promise<NodeServerClock> {
    let best: NodeServerClock | null = null;
    for (let i = 0; i < samples; i++) {
      const res = await this.time();
      if (res.status !== 200 || typeof res.body?.epochMs !== 'number') throw new Error(`GET /api/v1/secure/time: ${res.status} ${JSON.stringify(res.body)}`);
      const rtt = res.receivedAt - res.sentAt;
      const clock = new NodeServerClock(res.body.epochMs - (res.sentAt + rtt / 2), rtt);
      if (!best || rtt < best.roundTripMs) best = clock;
    }
    return best!;
  }
}

/** Server time from node's clock plus a measured offset (the test process and the server share the machine). */
export class NodeServerClock {
  constructor(readonly offsetMs: number, readonly roundTripMs: number) {}
  now(): number { return Date.now() + this.offsetMs; }
  toServer(localMs: number): number { return localMs + this.offsetMs; }
}

let plates = 0;
/** A unique-looking Italian plate per call, so the rows of one page are told apart. */
export function plate(): string {
  plates++;
  const letters = 'ABCDEFGHJKLMNPRSTVWXYZ';
  const pick = (n: number) => letters[n % letters.length]!;
  const n = (Date.now() / 1000 + plates * 7) | 0;
  return `${pick(n)}${pick(n >> 3)}${String(100 + (n % 900))}${pick(n >> 5)}${pick(plates)}`;
}

/** Body of an auction of the auctioneer, running from `startMs` to `endMs`, no regulation, no extension. */
export function auctionBody(name: string, startMs: number, endMs: number, lots: Partial<LotInputBody>[] = [{}]): CreateAuctionBody {
  return {
    auctionName: name, idMarket: 'IT', auctionType: 'OTH',
    startDate: new Date(startMs).toISOString(), endDate: new Date(endMs).toISOString(),
    regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 },
    lots: lots.map((l, i) => ({ licensePlate: plate(), brand: i % 2 ? 'Volkswagen' : 'Fiat', model: i % 2 ? 'Golf' : 'Panda', basePrice: 5000, minIncrement: 100, ...l })),
  };
}
