/**
 * The offers report export of issue 11 item 27 through HTTP against the real built server (PostgreSQL store): the CSV
 * and XLSX files name each lot by its number, plate and vehicle (never an internal id), give times on the market's
 * wall clock (Europe/Rome for IT), translate the headers and the award status into the caller's language (`lang`
 * query, else the user's preferred language) and name the winner of each awarded lot. An unknown `lang` is a 400.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { formatDateTimeIn } from '@auction/i18n';
import {
  ApiClient, ServerClock, describeResult, isCleanError, sharedServer, type SharedServer,
} from '../testing/server.test-support.js';
import { type AuctionView, type OfferReportRow, createAuctionBody, getReport, paths, pollStatus, runTag } from '../testing/auction.test-support.js';
import { xlsxSheets } from '../testing/xlsx.test-support.js';

const exportPath = (id: string, query: string) => `/api/v1/secure/auction/${id}/create-report?${query}`;

/** Rows of an RFC 4180 CSV (quoted cells, doubled quotes) with cells split at `separator`, a leading byte-order mark dropped. */
function parseCsv(text: string, separator = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) { row.push(cell); cell = ''; } else if (c === '\r') continue;
    else if (c === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; } else cell += c;
  }
  if (cell || row.length) { row.push(cell); rows.push(row); }
  return rows;
}

/** The first sheet of an XLSX as a spreadsheet reads it (exceljs): its name and each row's cells as text. */
const xlsxSheet = async (file: Buffer) => (await xlsxSheets(file))[0]!;

describe('offers report export (PostgreSQL)', () => {
  let shared: SharedServer | undefined;
  let server: SharedServer['server'] | undefined;
  const s = {} as { auctioneer: ApiClient; d1: ApiClient; d2: ApiClient; clock: ServerClock; auction: AuctionView; report: OfferReportRow[]; tag: string };

  const download = async (query: string) => {
    const res = await fetch(server!.baseUrl + exportPath(s.auction.idAuction, query), { headers: { token: s.auctioneer.credentials.token! } });
    return { status: res.status, type: res.headers.get('content-type') ?? '', disposition: res.headers.get('content-disposition') ?? '', body: Buffer.from(await res.arrayBuffer()) };
  };

  beforeAll(async () => {
    shared = await sharedServer('postgres');
    server = shared.server;
    [s.auctioneer, s.d1, s.d2] = await Promise.all(['auctioneer', 'dealer1', 'dealer2'].map((u) => ApiClient.login(server!.baseUrl, u)));
    s.clock = await ServerClock.sync(s.auctioneer);
    s.tag = runTag();
    const now = Math.ceil(s.clock.now() / 1000) * 1000;
    const body = createAuctionBody({
      name: `Export ${s.tag}`, startMs: now - 120_000, endMs: now + 7_000, regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 },
      lots: [
        { licensePlate: `EA${s.tag}`, basePrice: 5000, minIncrement: 100 },
        { licensePlate: `EB${s.tag}`, basePrice: 8000, minIncrement: 100, reservePrice: 20000 },
      ],
    });
    body.lots[1] = { ...body.lots[1]!, brand: 'Volkswagen', model: 'Golf, "Variant"' };
    const created = await s.auctioneer.post<AuctionView>(paths.auctions, { body });
    if (created.status !== 201) throw new Error(`create: ${describeResult(created)}`);
    s.auction = created.body;
    const [a, b] = s.auction.lots;
    for (const [client, idLot, offer] of [[s.d1, a!.idLot, 5000], [s.d2, a!.idLot, 5100], [s.d1, b!.idLot, 8000]] as const) {
      const res = await client.post(paths.offer(s.auction.idAuction, idLot), { body: { offer, clickAndBuy: false } });
      if (res.status !== 201) throw new Error(`offer ${offer}: ${describeResult(res)}`);
    }
    await pollStatus(s.auctioneer, s.clock, s.auction.idAuction, 'CLD', now + 30_000, 100);
    const award = await s.auctioneer.patch(paths.awardAll(s.auction.idAuction));
    if (award.status !== 200) throw new Error(`award all: ${describeResult(award)}`);
    s.report = await getReport(s.auctioneer, s.auction.idAuction);
    expect(s.report).toHaveLength(3);
  }, 120_000);

  afterAll(async () => {
    await shared?.release();
  });

  /** The expected cells; a decimal comma where the language writes one (`5000,00`), as its spreadsheets read it. */
  const expectedRows = (lang: { awa: string; lost: string; tba: string; no: string }, decimalComma = false) => s.report.map((r) => {
    const first = r.idLot === s.auction.lots[0]!.idLot;
    // Lot 1 went to dealer2's 5100: dealer1's 5000 on it lost, and its row says so (not "Awarded").
    const won = first && r.username === 'dealer2';
    const amount = r.offer.toFixed(2);
    return [
      first ? '1' : '2', first ? `EA${s.tag}` : `EB${s.tag}`, first ? 'Fiat 500' : 'Volkswagen Golf, "Variant"', decimalComma ? amount.replace('.', ',') : amount, r.username,
      formatDateTimeIn(r.createdAt, 'Europe/Rome'), lang.no, first ? (won ? lang.awa : lang.lost) : lang.tba, first ? 'dealer2' : '',
    ];
  });

  test('CSV in Italian (lang=it): `;` and a decimal comma, translated headers, plate and vehicle, Rome time, award status and winner', async () => {
    const res = await download('typeExport=CSV&lang=it');
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/csv/);
    // An Italian spreadsheet splits a CSV at `;` and reads `5000,00` as a number (#21 item 19).
    expect(res.body.toString('utf8').split('\r\n')[0]).toBe('\uFEFFN. lotto;Targa;Veicolo;Importo (EUR);Concessionario;Ora (Europe/Rome);Compra subito;Stato aggiudicazione;Aggiudicatario');
    const rows = parseCsv(res.body.toString('utf8'), ';');
    expect(rows[0]).toEqual(['N. lotto', 'Targa', 'Veicolo', 'Importo (EUR)', 'Concessionario', 'Ora (Europe/Rome)', 'Compra subito', 'Stato aggiudicazione', 'Aggiudicatario']);
    expect(rows.slice(1)).toEqual(expectedRows({ awa: 'Aggiudicato', lost: 'Non aggiudicata (superata)', tba: 'Da aggiudicare', no: 'No' }, true));
    const text = res.body.toString('utf8');
    for (const lot of s.auction.lots) expect(text).not.toContain(lot.idLot);
    expect(text).not.toMatch(/\d{4}-\d\d-\d\dT/);
  });

  test('CSV in German (lang=de) and, without lang, in the user\'s preferred language (English)', async () => {
    const de = parseCsv((await download('typeExport=CSV&lang=de')).body.toString('utf8'), ';');
    expect(de[0]).toEqual(['Los-Nr.', 'Kennzeichen', 'Fahrzeug', 'Betrag (EUR)', 'Händler', 'Zeit (Europe/Rome)', 'Sofortkauf', 'Zuschlagsstatus', 'Zuschlag an']);
    expect(de.slice(1)).toEqual(expectedRows({ awa: 'Zugeschlagen', lost: 'Nicht zugeschlagen (überboten)', tba: 'Offen', no: 'Nein' }, true));
    const en = parseCsv((await download('typeExport=CSV')).body.toString('utf8'));
    expect(en[0]).toEqual(['Lot no.', 'Plate', 'Vehicle', 'Amount (EUR)', 'Dealer', 'Time (Europe/Rome)', 'Buy now', 'Award status', 'Winner']);
    expect(en.slice(1)).toEqual(expectedRows({ awa: 'Awarded', lost: 'Not awarded (outbid)', tba: 'To award', no: 'No' }));
  });

  test('XLSX in Italian: the same cells, amounts as numbers, the sheet named in the language', async () => {
    const res = await download('typeExport=XLSX&lang=it');
    expect(res.status).toBe(200);
    expect(res.type).toContain('spreadsheetml');
    expect(res.body.subarray(0, 2).toString()).toBe('PK');
    const { name, rows } = await xlsxSheet(res.body);
    expect(name).toBe('Offerte');
    expect(rows[0]![0]).toBe('N. lotto');
    expect(rows.slice(1).map((r) => r.map((c, i) => (i === 3 ? Number(c).toFixed(2) : c))))
      .toEqual(expectedRows({ awa: 'Aggiudicato', lost: 'Non aggiudicata (superata)', tba: 'Da aggiudicare', no: 'No' }));
  });

  test('French CSV: `;`, decimal comma, a losing offer is not "Adjugé"; files are named after the auction, not its id', async () => {
    const res = await download('typeExport=CSV&lang=fr');
    const rows = parseCsv(res.body.toString('utf8'), ';');
    expect(rows.slice(1)).toEqual(expectedRows({ awa: 'Adjugé', lost: 'Non adjugé (surenchéri)', tba: 'À adjuger', no: 'Non' }, true));
    expect(res.disposition).not.toContain(s.auction.idAuction);
    expect(res.disposition).toContain(`filename="Export ${s.tag} - Offres.csv"`);
    expect(res.disposition).toContain(`filename*=UTF-8''Export%20${s.tag}%20-%20Offres.csv`);
    const xlsx = await download('typeExport=XLSX&lang=it');
    expect(xlsx.disposition).toContain(`filename="Export ${s.tag} - Offerte.xlsx"`);
  });

  test('an unknown language is a 400 with a numeric errorCode', async () => {
    const res = await s.auctioneer.get(exportPath(s.auction.idAuction, 'typeExport=CSV&lang=xx'));
    expect(res.status).toBe(400);
    expect(isCleanError(res, 400)).toBe(true);
  });
});
