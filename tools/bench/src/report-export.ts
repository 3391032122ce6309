/**
 * Bench of the back-office offers report (issue 23 item 5): a million offers must stream, not sit in memory.
 *
 * 1. Starts the built API embedded on a fresh data folder (demo data; the read-model tables are made), stops it.
 * 2. Fills the read model's `offers` (and one auction with 10 lots) with N rows by SQL `generate_series` in the PGlite
 *    database of that folder (`BENCH_REPORT_ROWS`, default 1,000,000).
 * 3. Starts the API again, downloads `GET /api/v1/admin/report?reportType=OFFERS` as CSV, then as XLSX, counting rows and
 *    bytes as they arrive, and samples the API's RSS every 100 ms (/proc/PID/status VmRSS; VmHWM, the peak since start,
 *    at the end). Prints rows, bytes, seconds and peak RSS of each. Not part of `npm test`: `npm run bench:report`
 *    (`BENCH_REPORT_FORMATS=XLSX` for one format only; `BENCH_KEEP=1` keeps the data folder).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import ExcelJS from 'exceljs';
import { startApi, type ApiProcess } from './api-process.js';
import { step } from './util.js';

const ROWS = Number(process.env.BENCH_REPORT_ROWS ?? 1_000_000);
const PASSWORD = 'Bench#2026!';
const LOTS = 10;

/** VmRSS and VmHWM of a process, MB. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

async function fill(dataDir: string): Promise<void> {
  const db = await PGlite.create(path.join(dataDir, 'read-models'));
  const t0 = Date.now();
  await db.exec(`
    INSERT INTO read_model.auctions (id_auction, id_owner, auction_name, id_market, auction_type, status, start_date, end_date, start_at, end_at,
      regulation_required, window_seconds, extend_seconds, lot_ids, created_position)
    VALUES ('BENCH-A', 'auctioneer', 'Bench auction, "1M" =offers', 'IT', 'OTH', 'CLD', '2026-11-01T08:00:00Z', '2026-11-01T18:00:00Z',
      '2026-11-01T08:00:00Z', '2026-11-01T18:00:00Z', false, 0, 0,
      (SELECT jsonb_agg('BENCH-L-' || g) FROM generate_series(0, ${LOTS - 1}) g), 900000000);
    INSERT INTO read_model.lots (id_lot, id_auction, lot_number, license_plate, brand, model, base_price, min_increment, state, offers_count,
      award_status, created_position)
    SELECT 'BENCH-L-' || g, 'BENCH-A', g + 1, 'BE' || lpad(g::text, 3, '0') || 'NC', 'Fiat', 'Panda', 1000, 0.01, 'CLOSED', ${ROWS / LOTS}, 'TBA', 900000001 + g
    FROM generate_series(0, ${LOTS - 1}) g;
    INSERT INTO read_model.offers (id_offer, id_lot, id_auction, id_user, amount, click_and_buy, placed_at, position)
    SELECT 'BENCH-O-' || g, 'BENCH-L-' || (g % ${LOTS}), 'BENCH-A', 'dealer' || (1 + g % 20), 1000 + g * 0.01, false,
      timestamptz '2026-11-01T08:00:00Z' + g * interval '10 milliseconds', 1000000000 + g
    FROM generate_series(1, ${ROWS}) g;
  `);
  step(`filled read_model.offers with ${ROWS.toLocaleString('en')} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await db.close();
}

interface Figures { format: string; rows: number; bytes: number; seconds: number; peakRssMb: number }

/** Downloads one report, counting rows and bytes as they arrive, sampling the API's RSS meanwhile. */
async function download(api: ApiProcess, token: string, format: 'CSV' | 'XLSX'): Promise<Figures> {
  let peak = memoryOf(api.pid).rss;
  const timer = setInterval(() => { peak = Math.max(peak, memoryOf(api.pid).rss); }, 100);
  const t0 = Date.now();
  const res = await fetch(`${api.baseUrl}/api/v1/admin/report?reportType=OFFERS&typeExport=${format}`, { headers: { token } });
  if (res.status !== 200 || !res.body) throw new Error(`report ${format}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let rows = 0;
  const body = Readable.fromWeb(res.body as never);
  if (format === 'CSV') {
    for await (const chunk of body) {
      bytes += (chunk as Buffer).length;
      for (const b of chunk as Buffer) if (b === 10) rows++;
    }
    rows -= 1; // the header
  } else {
    // The workbook is read as it arrives by exceljs's streaming reader (rows counted, never kept).
    const counted = new PassThrough();
    body.on('data', (chunk: Buffer) => { bytes += chunk.length; }).pipe(counted);
    for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(counted, { sharedStrings: 'ignore', styles: 'ignore', hyperlinks: 'ignore', worksheets: 'emit' })) {
      for await (const _row of sheet as AsyncIterable<unknown>) rows++;
    }
    rows -= 1;
  }
  const seconds = (Date.now() - t0) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, memoryOf(api.pid).rss);
  return { format, rows, bytes, seconds, peakRssMb: peak };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-report-'));
  const logFile = path.join(dataDir, 'api.log');
  const options = { dataDir, password: PASSWORD, dealers: 20, logFile, env: { DEMO_PHOTOS: 'false' } };
  try {
    step('first start: demo data and the read-model tables');
    await (await startApi(options)).stop();
    await fill(dataDir);
    const api = await startApi(options);
    try {
      const before = memoryOf(api.pid);
      step(`API pid ${api.pid} up in ${api.startMs} ms, RSS ${before.rss.toFixed(0)} MB (peak since start ${before.hwm.toFixed(0)} MB)`);
      const login = await fetch(`${api.baseUrl}/api/v1/mobile/token`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: PASSWORD }),
      });
      const { token } = (await login.json()) as { token: string };
      const results: Figures[] = [];
      const formats = (process.env.BENCH_REPORT_FORMATS ?? 'CSV,XLSX').split(',') as ('CSV' | 'XLSX')[];
      for (const format of formats) {
        const f = await download(api, token, format);
        results.push(f);
        step(`${f.format}: ${f.rows.toLocaleString('en')} rows, ${(f.bytes / 1_048_576).toFixed(1)} MB, ${f.seconds.toFixed(1)} s ` +
          `(${Math.round(f.rows / f.seconds).toLocaleString('en')} rows/s), API peak RSS while writing ${f.peakRssMb.toFixed(0)} MB`);
      }
      const after = memoryOf(api.pid);
      step(`API RSS before ${before.rss.toFixed(0)} MB; VmHWM (peak since start) ${after.hwm.toFixed(0)} MB`);
      console.log(JSON.stringify({ rows: ROWS, apiRssBeforeMb: Math.round(before.rss), apiVmHwmMb: Math.round(after.hwm), results }));
      if (results.some((r) => r.rows !== ROWS + 0)) console.log(`note: the report holds ${results.map((r) => r.rows).join(' / ')} rows (the demo's own offers included)`);
    } finally {
      await api.stop();
    }
  } finally {
    if (!process.env.BENCH_KEEP) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
