/**
 * Correctness under load, checked after each scenario against what the load generator was told (its acknowledged
 * writes, one JSON line each, see load-tests/README.md "Acknowledgement lines"), the event log and the read models:
 *
 * - every acknowledged offer is in the log, exactly once (by idOffer), with its lot, amount and dealer;
 * - no idOffer appears twice in the log; per lot the accepted offers are strictly increasing in log order;
 * - every acknowledged purchase is in the log (VehicleSold for that vehicle and dealer); each vehicle is sold at most once;
 * - the read models equal a rebuild from the log: every read-model table dumped in primary-key order, a rebuild from
 *   position 0 (server mode: the admin API's, while the API serves; embedded mode: the same library rebuild run on
 *   the stopped API's data folder), dumped again, compared table by table;
 * - no offer accepted after its lot's end, nor after its closing (closings.ts, which also measures how late each
 *   closing was recorded: a target, not a fault).
 *
 * The verdict fails when any of these fails, and also when the acknowledgements hold no write at all (a check that
 * cannot fail proves nothing).
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { createEventStore, type EventStore } from '@auction/event-store';
import { createReadModelDb, dumpTables, rebuildReadModels, type ReadModelDb, type TableDump } from '@auction/read-models';
import { checkClosings, closingFailures, closingsLine, type ClosingCheck } from './closings.js';
import { type Api, rebuildThroughApi, waitQuietAndProjected } from './http.js';

/** An accepted offer as the load generator saw it (a 201 answer). */
export interface OfferAck {
  readonly idAuction?: string;
  readonly idLot: string;
  readonly idOffer: string;
  readonly offer: number;
  readonly username?: string;
  readonly key?: string;
}

/** A vehicle the load generator was told it bought. */
export interface PurchaseAck {
  readonly idVehicle: string;
  readonly username?: string;
}

export interface Acks {
  readonly offers: OfferAck[];
  readonly purchases: PurchaseAck[];
  /** Lines that were neither (other console output). */
  readonly otherLines: number;
}

/** Event types the checks read: offers and sales, and a lot's end and closing (closings.ts). */
export const LOG_TYPES = ['OfferPlaced', 'VehicleSold', 'LotScheduled', 'LotEdited', 'LotEndRescheduled', 'LotEndExtended', 'LotClosed'] as const;

/** The part of an event the checks read. */
export interface LogRow {
  readonly position: number;
  readonly streamId: string;
  readonly type: (typeof LOG_TYPES)[number];
  readonly idOffer?: string;
  readonly idLot?: string;
  readonly amount?: number;
  readonly username?: string;
  readonly idVehicle?: string;
  /** The store's record time (epoch ms). */
  readonly recordedMs?: number;
  /** The lot's end this event sets (LotScheduled, LotEdited, LotEndRescheduled, LotEndExtended). */
  readonly endMs?: number;
  /** OfferPlaced: the instant the server accepted it. */
  readonly placedAtMs?: number;
  /** LotClosed. */
  readonly reason?: 'END' | 'BUY_NOW';
}

export interface LogCheck {
  readonly ackedOffers: number;
  readonly ackedPurchases: number;
  readonly logOffers: number;
  readonly logSales: number;
  readonly lots: number;
  /** Acknowledged offers not in the log. */
  readonly missing: number;
  /** idOffers present more than once in the log. */
  readonly duplicatedInLog: number;
  /** The same idOffer acknowledged for different requests (other idempotency key, lot or amount). */
  readonly duplicateAcks: number;
  /** Acknowledged offers whose logged lot, amount or dealer differ. */
  readonly mismatched: number;
  /** Lots where an accepted offer was not above the previous one in log order. */
  readonly nonIncreasingLots: number;
  readonly purchasesMissing: number;
  readonly purchasesMismatched: number;
  readonly vehiclesSoldTwice: number;
  /** Offers in the log that nobody acknowledged (demo data, or requests whose answer the client lost): information only. */
  readonly unacknowledgedInLog: number;
  readonly problems: string[];
}

export interface ReadModelCheck {
  readonly method: 'admin-api-rebuild' | 'in-process-rebuild';
  readonly equal: boolean;
  readonly tables: number;
  readonly rows: number;
  readonly rebuiltEvents: number;
  readonly rebuildSeconds: number;
  readonly attempts: number;
  readonly differences: string[];
}

export interface Verdict {
  readonly pass: boolean;
  readonly log: LogCheck | null;
  /** Closings and offers against each lot's end, from the same log (absent in results written before it). */
  readonly closings?: ClosingCheck | null;
  readonly readModels: ReadModelCheck | null;
  readonly problems: string[];
  readonly warnings: string[];
  readonly seconds: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Acknowledgements
// ---------------------------------------------------------------------------------------------------------------

/**
 * The JSON object of one line of a k6 `--console-output` file: either the JSON itself, or k6's logfmt line
 * `time="…" level=info msg="{\"ack\":…}" source=console`.
 */
export function jsonOfConsoleLine(line: string): Record<string, unknown> | null {
  const text = line.trim();
  if (!text) return null;
  let candidate: string | null = null;
  if (text.startsWith('{')) candidate = text;
  else {
    const m = /msg="((?:[^"\\]|\\.)*)"/.exec(text);
    if (m) {
      try {
        candidate = JSON.parse(`"${m[1]}"`) as string;
      } catch {
        return null;
      }
    }
  }
  if (!candidate || !candidate.trim().startsWith('{')) return null;
  try {
    const value = JSON.parse(candidate) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Reads the acknowledged writes of one or more files (missing files count as empty). */
export async function readAcks(files: readonly string[]): Promise<Acks> {
  const offers: OfferAck[] = [];
  const purchases: PurchaseAck[] = [];
  let otherLines = 0;
  for (const file of files) {
    let lines: AsyncIterable<string>;
    try {
      lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
      for await (const line of lines) {
        const o = jsonOfConsoleLine(line);
        // `k` (load-tests/lib/bidding.js) or `ack`.
        const kind = o ? (o.k ?? o.ack) : undefined;
        if (kind === 'offer' && o && typeof o.idOffer === 'string' && typeof o.idLot === 'string' && typeof o.offer === 'number') {
          offers.push({
            idAuction: typeof o.idAuction === 'string' ? o.idAuction : undefined, idLot: o.idLot, idOffer: o.idOffer, offer: o.offer,
            username: typeof o.username === 'string' ? o.username : undefined, key: typeof o.key === 'string' ? o.key : undefined,
          });
        } else if (kind === 'buy' && o && typeof o.idVehicle === 'string') {
          purchases.push({ idVehicle: o.idVehicle, username: typeof o.username === 'string' ? o.username : undefined });
        } else if (line.trim()) otherLines++;
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return { offers, purchases, otherLines };
}

// ---------------------------------------------------------------------------------------------------------------
// The log
// ---------------------------------------------------------------------------------------------------------------

const timeOf = (v: unknown): number | undefined => (typeof v === 'string' ? Date.parse(v) : undefined);

/** A LogRow from an event's type, data and record time (both readers). */
export function logRowOf(position: number, streamId: string, type: LogRow['type'], d: Record<string, unknown>, recordedMs: number): LogRow {
  const username = typeof d.username === 'string' ? d.username : typeof d.idUser === 'string' ? d.idUser : undefined;
  switch (type) {
    case 'OfferPlaced':
      return { position, streamId, type, idOffer: String(d.idOffer), idLot: String(d.idLot), amount: Number(d.amount), username, recordedMs, placedAtMs: timeOf(d.placedAt) };
    case 'VehicleSold':
      return { position, streamId, type, idVehicle: String(d.idVehicle), username, recordedMs };
    case 'LotClosed':
      return { position, streamId, type, idLot: String(d.idLot), recordedMs, reason: d.reason === 'BUY_NOW' ? 'BUY_NOW' : 'END' };
    case 'LotScheduled':
    case 'LotEdited':
    case 'LotEndRescheduled':
    case 'LotEndExtended':
      return { position, streamId, type, idLot: String(d.idLot), recordedMs, endMs: timeOf(d.endDate) };
    default: {
      const unknown: never = type;
      throw new Error(`unexpected event type ${String(unknown)}`);
    }
  }
}

/** The events the checks read (LOG_TYPES) of a PostgreSQL event store, in log order. */
export async function readLogFromPostgres(databaseUrl: string, schema = 'event_store'): Promise<LogRow[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    // Only the fields read, not whole bodies: a full run's log holds hundreds of thousands of offers.
    const { rows } = await client.query<{ position: string; stream_id: string; type: LogRow['type']; d: Record<string, unknown>; recorded_ms: number }>(
      `SELECT position, stream_id, type,
              jsonb_strip_nulls(jsonb_build_object('idOffer', data->'idOffer', 'idLot', data->'idLot', 'amount', data->'amount',
                'username', data->'username', 'idUser', data->'idUser', 'idVehicle', data->'idVehicle', 'placedAt', data->'placedAt',
                'endDate', data->'endDate', 'reason', data->'reason')) AS d,
              (extract(epoch FROM recorded_at) * 1000)::float8 AS recorded_ms
       FROM ${schema}.events WHERE type = ANY($1::text[]) ORDER BY position`,
      [LOG_TYPES],
    );
    return rows.map((r) => logRowOf(Number(r.position), r.stream_id, r.type, r.d, Number(r.recorded_ms)));
  } finally {
    await client.end();
  }
}

/** The same from any event store (embedded PGlite opened while the API is stopped). */
export async function readLogFromStore(store: EventStore): Promise<LogRow[]> {
  const rows: LogRow[] = [];
  const wanted = new Set<string>(LOG_TYPES);
  for (let after = 0; ;) {
    const page = await store.readAll(after, 5000);
    if (page.length === 0) break;
    for (const e of page) {
      if (wanted.has(e.type)) rows.push(logRowOf(e.position, e.streamId, e.type as LogRow['type'], e.data, e.recordedAt.getTime()));
    }
    after = page.at(-1)!.position;
  }
  return rows;
}

/** The log checks (pure). */
export function checkLog(acks: Acks, log: readonly LogRow[]): LogCheck {
  const problems: string[] = [];
  const note = (text: string) => { if (problems.length < 30) problems.push(text); };
  const offersById = new Map<string, LogRow[]>();
  const lastByLot = new Map<string, { amount: number; idOffer: string; position: number }>();
  const badLots = new Set<string>();
  const salesByVehicle = new Map<string, LogRow[]>();
  let logOffers = 0;
  let logSales = 0;
  for (const row of log) {
    if (row.type === 'OfferPlaced') {
      logOffers++;
      const id = row.idOffer ?? '?';
      const list = offersById.get(id);
      if (list) list.push(row);
      else offersById.set(id, [row]);
      const prev = lastByLot.get(row.streamId);
      if (prev && !(Number(row.amount) > prev.amount)) {
        if (!badLots.has(row.streamId)) {
          note(`${row.streamId}: offer ${id} of ${row.amount} at position ${row.position} follows ${prev.idOffer} of ${prev.amount} at ${prev.position} (not increasing)`);
        }
        badLots.add(row.streamId);
      }
      lastByLot.set(row.streamId, { amount: Number(row.amount), idOffer: id, position: row.position });
    } else if (row.type === 'VehicleSold') {
      logSales++;
      const id = row.idVehicle ?? '?';
      const list = salesByVehicle.get(id);
      if (list) list.push(row);
      else salesByVehicle.set(id, [row]);
    }
  }
  let duplicatedInLog = 0;
  for (const [id, rows] of offersById) {
    if (rows.length > 1) {
      duplicatedInLog++;
      note(`idOffer ${id} is ${rows.length} times in the log (positions ${rows.map((r) => r.position).join(', ')})`);
    }
  }
  let vehiclesSoldTwice = 0;
  for (const [id, rows] of salesByVehicle) {
    if (rows.length > 1) {
      vehiclesSoldTwice++;
      note(`vehicle ${id} sold ${rows.length} times (to ${rows.map((r) => r.username).join(', ')})`);
    }
  }

  const ackById = new Map<string, OfferAck>();
  let duplicateAcks = 0;
  let missing = 0;
  let mismatched = 0;
  for (const ack of acks.offers) {
    const seen = ackById.get(ack.idOffer);
    if (seen) {
      // A retry with the same key legitimately returns the first offer; anything else is two answers for one offer.
      if (seen.key === undefined || seen.key !== ack.key || seen.idLot !== ack.idLot || seen.offer !== ack.offer) {
        duplicateAcks++;
        note(`idOffer ${ack.idOffer} acknowledged twice: ${JSON.stringify(seen)} and ${JSON.stringify(ack)}`);
      }
      continue;
    }
    ackById.set(ack.idOffer, ack);
    const rows = offersById.get(ack.idOffer);
    if (!rows) {
      missing++;
      note(`acknowledged offer ${ack.idOffer} (${ack.offer} on ${ack.idLot}) is not in the log`);
      continue;
    }
    const row = rows[0]!;
    if (row.idLot !== ack.idLot || row.amount !== ack.offer || (ack.username !== undefined && row.username !== ack.username)) {
      mismatched++;
      note(`offer ${ack.idOffer}: acknowledged ${ack.offer} on ${ack.idLot} by ${ack.username}, the log has ${row.amount} on ${row.idLot} by ${row.username}`);
    }
  }
  let purchasesMissing = 0;
  let purchasesMismatched = 0;
  const ackedVehicles = new Map<string, PurchaseAck>();
  for (const ack of acks.purchases) {
    const seen = ackedVehicles.get(ack.idVehicle);
    if (seen) {
      if (seen.username !== ack.username) {
        purchasesMismatched++;
        note(`vehicle ${ack.idVehicle} acknowledged as bought by ${seen.username} and by ${ack.username}`);
      }
      continue;
    }
    ackedVehicles.set(ack.idVehicle, ack);
    const rows = salesByVehicle.get(ack.idVehicle);
    if (!rows) {
      purchasesMissing++;
      note(`acknowledged purchase of vehicle ${ack.idVehicle} by ${ack.username} is not in the log`);
    } else if (ack.username !== undefined && rows[0]!.username !== ack.username) {
      purchasesMismatched++;
      note(`vehicle ${ack.idVehicle}: acknowledged to ${ack.username}, the log sold it to ${rows[0]!.username}`);
    }
  }
  let unacknowledgedInLog = 0;
  for (const id of offersById.keys()) if (!ackById.has(id)) unacknowledgedInLog++;
  return {
    ackedOffers: ackById.size, ackedPurchases: ackedVehicles.size, logOffers, logSales, lots: lastByLot.size, missing, duplicatedInLog,
    duplicateAcks, mismatched, nonIncreasingLots: badLots.size, purchasesMissing, purchasesMismatched, vehiclesSoldTwice,
    unacknowledgedInLog, problems,
  };
}

function logFailures(c: LogCheck): string[] {
  const out: string[] = [];
  if (c.ackedOffers + c.ackedPurchases === 0) out.push('no acknowledged write in the acknowledgements file: nothing to check');
  if (c.missing) out.push(`${c.missing} acknowledged offers missing from the log`);
  if (c.duplicatedInLog) out.push(`${c.duplicatedInLog} idOffers more than once in the log`);
  if (c.duplicateAcks) out.push(`${c.duplicateAcks} idOffers acknowledged for different requests`);
  if (c.mismatched) out.push(`${c.mismatched} acknowledged offers differ from the log`);
  if (c.nonIncreasingLots) out.push(`${c.nonIncreasingLots} lots with offers not strictly increasing`);
  if (c.purchasesMissing) out.push(`${c.purchasesMissing} acknowledged purchases missing from the log`);
  if (c.purchasesMismatched) out.push(`${c.purchasesMismatched} purchases acknowledged to another dealer`);
  if (c.vehiclesSoldTwice) out.push(`${c.vehiclesSoldTwice} vehicles sold more than once`);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Read models
// ---------------------------------------------------------------------------------------------------------------

/**
 * The fields in which two rows differ, each with both values (`offerCount: live 7, rebuilt 8`), first: a long row cut
 * short would hide them (two-instances.e2e once printed two rows cut before the field that differed).
 */
function fieldsApart(a: unknown, b: unknown, names: [string, string]): string {
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return 'a row on one side only';
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(ra), ...Object.keys(rb)])].filter((k) => JSON.stringify(ra[k]) !== JSON.stringify(rb[k]));
  return keys.map((k) => `${k}: ${names[0]} ${JSON.stringify(ra[k]) ?? 'absent'}, ${names[1]} ${JSON.stringify(rb[k]) ?? 'absent'}`).join('; ');
}

/** Table-by-table differences of two dumps (empty when equal). */
export function diffDumps(a: TableDump, b: TableDump, names: [string, string]): string[] {
  const out: string[] = [];
  for (const table of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    const ra = a[table] ?? [];
    const rb = b[table] ?? [];
    if (JSON.stringify(ra) === JSON.stringify(rb)) continue;
    let i = 0;
    while (i < Math.min(ra.length, rb.length) && JSON.stringify(ra[i]) === JSON.stringify(rb[i])) i++;
    out.push(`${table}: ${ra.length} rows in the ${names[0]}, ${rb.length} in the ${names[1]}; first difference at row ${i}: ` +
      `${fieldsApart(ra[i], rb[i], names)} (${JSON.stringify(ra[i] ?? null).slice(0, 300)} vs ${JSON.stringify(rb[i] ?? null).slice(0, 300)})`);
  }
  return out;
}

const rowsOf = (dump: TableDump) => Object.values(dump).reduce((n, rows) => n + rows.length, 0);

/**
 * Server mode, API running: waits for a quiet, fully projected log, dumps the read models, rebuilds them through the
 * admin API (which swaps the rebuilt tables in while serving), dumps again and compares. When the log moved between
 * the dump and the rebuild (the scheduler closing lots), the comparison is void and is taken again (3 attempts).
 */
export async function checkReadModelsThroughApi(admin: Api, databaseUrl: string, timeoutMs = 600_000): Promise<ReadModelCheck> {
  const db = await createReadModelDb({ databaseUrl, poolSize: 2 });
  try {
    let last = '';
    for (let attempt = 1; attempt <= 3; attempt++) {
      const status = await waitQuietAndProjected(admin, timeoutMs);
      const live = await dumpTables(db, db.schema);
      const rebuilt = await rebuildThroughApi(admin, timeoutMs);
      if (rebuilt.position !== status.head) {
        last = `the log moved from ${status.head} to ${rebuilt.position} between the dump and the rebuild`;
        continue;
      }
      const after = await dumpTables(db, db.schema);
      const differences = diffDumps(live, after, ['live read models', 'rebuilt ones']);
      return {
        method: 'admin-api-rebuild', equal: differences.length === 0, tables: Object.keys(live).length, rows: rowsOf(live),
        rebuiltEvents: rebuilt.events, rebuildSeconds: Math.round(rebuilt.seconds * 100) / 100, attempts: attempt, differences,
      };
    }
    return { method: 'admin-api-rebuild', equal: false, tables: 0, rows: 0, rebuiltEvents: 0, rebuildSeconds: 0, attempts: 3, differences: [`no comparison possible: ${last}`] };
  } finally {
    await db.close();
  }
}

/** Embedded mode, API stopped: the event store and read models of its data folder, opened in this process. */
export interface EmbeddedData {
  readonly store: EventStore;
  readonly db: ReadModelDb;
  close(): Promise<void>;
}

export async function openEmbedded(dataDir: string): Promise<EmbeddedData> {
  const store = await createEventStore({ dataDir: path.join(dataDir, 'pglite'), databaseUrl: '', eventStoreUrl: '' });
  await store.init();
  const db = await createReadModelDb({ dataDir: path.join(dataDir, 'read-models') });
  return { store, db, close: async () => { await db.close(); await store.close(); } };
}

/**
 * Embedded mode: dumps the stopped API's read models, rebuilds them with the library rebuild the admin API runs
 * (`rebuildReadModels`, which swaps the rebuilt tables in), dumps again and compares. No upcaster is passed: every
 * event type is at schema version 1 (apps/api/src/platform/engine/upcasters.ts has none).
 */
export async function checkReadModelsInProcess(data: EmbeddedData): Promise<ReadModelCheck> {
  const live = await dumpTables(data.db, data.db.schema);
  const stats = await rebuildReadModels({ store: data.store, db: data.db });
  const after = await dumpTables(data.db, data.db.schema);
  const differences = diffDumps(live, after, ['live read models', 'rebuilt ones']);
  return {
    method: 'in-process-rebuild', equal: differences.length === 0, tables: Object.keys(live).length, rows: rowsOf(live),
    rebuiltEvents: stats.events, rebuildSeconds: Math.round(stats.seconds * 100) / 100, attempts: 1, differences,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Verdict
// ---------------------------------------------------------------------------------------------------------------

export interface CheckOptions {
  readonly acksFiles: readonly string[];
  /** Accepted offers and purchases the scenario's summary counted, to compare with the acknowledgements. */
  readonly summaryCounts?: { offers?: number | null; purchases?: number | null };
}

/** Combines the checks into a verdict. */
export function verdictOf(
  log: LogCheck | null, readModels: ReadModelCheck | null, errors: string[], warnings: string[], startedAt: number, closings: ClosingCheck | null = null,
): Verdict {
  const problems = [...errors];
  if (log) problems.push(...logFailures(log));
  else if (errors.length === 0) problems.push('the log was not checked');
  if (closings) problems.push(...closingFailures(closings));
  if (readModels && !readModels.equal) problems.push(`read models differ from a rebuild: ${readModels.differences.slice(0, 3).join(' | ')}`);
  if (!readModels && errors.length === 0) problems.push('the read models were not checked');
  return { pass: problems.length === 0, log, closings, readModels, problems, warnings, seconds: Math.round((Date.now() - startedAt) / 100) / 10 };
}

/** Warnings when the summary's counts and the acknowledgements disagree (lost console lines). */
export function countWarnings(acks: Acks, counts: CheckOptions['summaryCounts']): string[] {
  const out: string[] = [];
  if (typeof counts?.offers === 'number' && counts.offers !== acks.offers.length) {
    out.push(`the summary counts ${counts.offers} accepted offers, the acknowledgements file ${acks.offers.length}`);
  }
  if (typeof counts?.purchases === 'number' && counts.purchases !== acks.purchases.length) {
    out.push(`the summary counts ${counts.purchases} purchases, the acknowledgements file ${acks.purchases.length}`);
  }
  return out;
}

/** Server mode, API running: everything through PostgreSQL and the admin API. */
export async function checkServer(admin: Api, databaseUrl: string, o: CheckOptions): Promise<Verdict> {
  const t0 = Date.now();
  const errors: string[] = [];
  let log: LogCheck | null = null;
  let closings: ClosingCheck | null = null;
  let rm: ReadModelCheck | null = null;
  let warnings: string[] = [];
  try {
    const acks = await readAcks(o.acksFiles);
    warnings = countWarnings(acks, o.summaryCounts);
    await waitQuietAndProjected(admin, 600_000);
    const rows = await readLogFromPostgres(databaseUrl);
    log = checkLog(acks, rows);
    closings = checkClosings(rows, Date.now());
    rm = await checkReadModelsThroughApi(admin, databaseUrl);
  } catch (error) {
    errors.push(`the check broke: ${error instanceof Error ? error.message : String(error)}`);
  }
  return verdictOf(log, rm, errors, warnings, t0, closings);
}

/** Embedded mode, API stopped: the data folder opened in this process. */
export async function checkEmbedded(dataDir: string, o: CheckOptions): Promise<Verdict> {
  const t0 = Date.now();
  const errors: string[] = [];
  let log: LogCheck | null = null;
  let closings: ClosingCheck | null = null;
  let rm: ReadModelCheck | null = null;
  let warnings: string[] = [];
  let data: EmbeddedData | null = null;
  try {
    const acks = await readAcks(o.acksFiles);
    warnings = countWarnings(acks, o.summaryCounts);
    data = await openEmbedded(dataDir);
    const rows = await readLogFromStore(data.store);
    log = checkLog(acks, rows);
    closings = checkClosings(rows, Date.now());
    rm = await checkReadModelsInProcess(data);
  } catch (error) {
    errors.push(`the check broke: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await data?.close().catch(() => {});
  }
  return verdictOf(log, rm, errors, warnings, t0, closings);
}

/** One line: `pass (12,345 offers, 10 purchases; read models = rebuild, 9 tables / 23,456 rows)` or the problems. */
export function verdictLine(v: Verdict): string {
  const l = v.log;
  const counts = l ? `${l.ackedOffers.toLocaleString('en')} offers, ${l.ackedPurchases.toLocaleString('en')} purchases acknowledged; ${l.lots.toLocaleString('en')} lots` : 'log not read';
  const rm = v.readModels ? `read models ${v.readModels.equal ? '=' : '≠'} rebuild (${v.readModels.rows.toLocaleString('en')} rows)` : 'read models not compared';
  const closed = v.closings?.closings || v.closings?.notClosed ? `; ${closingsLine(v.closings)}` : '';
  return v.pass ? `pass (${counts}; ${rm}${closed})` : `FAIL: ${v.problems.join('; ')} (${counts}; ${rm}${closed})`;
}
