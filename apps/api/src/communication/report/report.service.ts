import { Inject, Injectable } from '@nestjs/common';
import { REPORT_COLUMNS, periodEnd, periodStart, type AdminReportQuery, type ReportType } from '@auction/contracts';
import { DEALER, USER } from '@auction/domain';
import { AccountsService } from '../../identity/accounts/accounts.service.js';
import type { Actor } from '../../identity/actor.js';
import { scopedMarkets } from '../../identity/admin-scope.js';
import { DEALER_INDEX } from '../../dealers/dealers/dealer-queries.service.js';
import type { DealerIndex } from '../../dealers/dealers/dealer-index.js';
import { containsPattern, dealerRowOf, type DealerSearchRow } from '../../dealers/dealers/dealer-search.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import { FANOUT } from '../../platform/engine/tokens.js';
import type { Fanout } from '../../platform/fanout/fanout.js';
import { reportParts, type ReportFilter } from './report-sql.js';
import { instantText, moneyCell, type Cell } from './report-cells.js';

/** Rows read from the database per page: a report is written a page at a time, never held whole. */
export const REPORT_PAGE_ROWS = 5000;

type Row = Record<string, unknown>;
const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/**
 * The back-office reports (spec 02 "Report filters"): rows of the read models (logins, offers, awards, purchases) and of
 * the dealer index, filtered in SQL, of the caller's markets only, read a page at a time by key (keyset: rows written
 * meanwhile come after, none twice) and handed on as they are read, so a million-row report streams in bounded memory.
 */
@Injectable()
export class ReportService {
  constructor(
    @Inject(FANOUT) private readonly fanout: Fanout,
    @Inject(DEALER_INDEX) private readonly index: DealerIndex,
    private readonly model: LiveReadModel,
    private readonly accounts: AccountsService,
  ) {}

  /**
   * The filters in SQL terms: the caller's markets (a market asked outside them 403021), the period as instants, and the
   * users named by dealer, VAT code or username (their intersection).
   */
  async filterOf(actor: Actor, query: AdminReportQuery): Promise<ReportFilter> {
    const { reportType: type, from, to, idMarket, typeExport: _format, ...rest } = query;
    const markets = scopedMarkets(actor, idMarket);
    const base = { ...rest, type, markets, from: from ? periodStart(from) : undefined, to: to ? periodEnd(to) : undefined, users: null };
    if (type === 'DEALERS') return base;
    let users: Set<string> | null = null;
    const keep = (ids: Iterable<string>) => {
      const next = new Set(ids);
      users = users === null ? next : new Set([...users].filter((id) => next.has(id)));
    };
    if (rest.idDealer && type !== 'LOGINS') keep(this.usersOfDealers(new Set([rest.idDealer])));
    if (rest.vatCode) keep(this.usersOfDealers(await this.dealersWithVat(rest.vatCode)));
    if (rest.username) {
      const part = rest.username.toLowerCase();
      keep([...this.model.userIdByName].filter(([name]) => name.includes(part)).map(([, id]) => id));
    }
    return { ...base, users: users === null ? null : [...users] };
  }

  /** The report's rows, a page at a time, as cells of its columns (`amountAs`: money as exact text for CSV, a number for XLSX). */
  async *batches(filter: ReportFilter, amountAs: 'text' | 'number'): AsyncGenerator<Cell[][]> {
    if (filter.type === 'DEALERS') await this.index.sync();
    const dealers = new Map<string, Record<string, unknown>>();
    for (const part of reportParts(this.fanout.db.schema, filter)) {
      let after = part.first;
      for (;;) {
        const { sql, params } = part.page(after, REPORT_PAGE_ROWS);
        const rows = await this.fanout.db.query<Row>(sql, params);
        // A window answers its size on every row (none kept: one row, k null); the dealers' page is its rows.
        const size = rows.length === 0 ? 0 : rows[0]!['windowRows'] === undefined ? rows.length : Number(rows[0]!['windowRows']);
        if (size === 0) break;
        after = (rows[rows.length - 1]!['windowEnd'] ?? rows[0]!['windowEnd']) as number | string;
        const kept = rows.filter((r) => r['k'] !== null && r['k'] !== undefined);
        if (kept.length > 0) yield filter.type === 'DEALERS' ? kept.map((r) => this.dealerCells(r)) : await this.salesCells(filter.type, kept, dealers, amountAs);
        if (size < REPORT_PAGE_ROWS) break;
      }
    }
  }

  /** Rows of the user-based reports with the user's name and dealer (business name and VAT code, read once per dealer). */
  private async salesCells(type: ReportType, rows: Row[], dealers: Map<string, Record<string, unknown>>, amountAs: 'text' | 'number'): Promise<Cell[][]> {
    const dealerOf = (r: Row) => (r['idDealer'] as string | null | undefined) ?? this.dealerOfUser(text(r['idUser']));
    const missing = [...new Set(rows.map(dealerOf).filter((d): d is string => !!d && !dealers.has(d)))];
    if (missing.length > 0) {
      const found = await this.accounts.personalData.getMany('DEALER', missing);
      for (const id of missing) dealers.set(id, (found.get(id) ?? {}) as Record<string, unknown>);
    }
    const columns = REPORT_COLUMNS[type] as readonly string[];
    return rows.map((r) => {
      const idDealer = dealerOf(r);
      const business = idDealer ? dealers.get(idDealer) ?? {} : {};
      const idUser = r['idUser'] === null || r['idUser'] === undefined ? null : String(r['idUser']);
      const values: Record<string, Cell> = {
        loginAt: instantText(r['at']), placedAt: instantText(r['at']), closedAt: instantText(r['at']), purchasedAt: instantText(r['at']),
        amount: moneyCell(r['amount'], amountAs), price: moneyCell(r['amount'], amountAs),
        username: idUser ? this.model.usernameOf(idUser) : '', idUser: idUser ?? '', idDealer: idDealer ?? '',
        businessName: text(business['businessName']), vatCode: text(business['vatCode']),
        clickAndBuy: r['clickAndBuy'] === true, auctionDeleted: r['auctionDeleted'] === true,
        lotNumber: r['lotNumber'] === null || r['lotNumber'] === undefined ? null : Number(r['lotNumber']),
      };
      return columns.map((c) => (c in values ? values[c]! : text(r[c])));
    });
  }

  /** A dealer-index row as the dealers report writes it. */
  private dealerCells(r: Row): Cell[] {
    const d = dealerRowOf(r as unknown as DealerSearchRow);
    const values: Record<string, Cell> = {
      createdAt: d.createdAt, idDealer: d.idDealer, businessName: d.businessName ?? '', vatCode: d.vatCode ?? '', idMarket: d.idMarket,
      country: d.country, region: d.region ?? '', city: d.city ?? '', status: d.status, email: d.email ?? '', username: d.username ?? '',
      auctioneer: d.capabilities.auctioneer, exhibitor: d.capabilities.exhibitor, multiAuctioneer: d.capabilities.multiAuctioneer,
    };
    return REPORT_COLUMNS.DEALERS.map((c) => values[c] ?? '');
  }

  private dealerOfUser(idUser: string): string | null {
    const user = this.model.users.get(USER.prefix + idUser);
    return user?.status === 'ACTIVE' ? user.data.idDealer : null;
  }

  /** The users (by id) of some dealers, read from the engine's index. */
  private usersOfDealers(idDealers: ReadonlySet<string>): string[] {
    const ids: string[] = [];
    for (const user of this.model.users.values()) {
      if (user.status === 'ACTIVE' && user.data.idDealer && idDealers.has(user.data.idDealer)) ids.push(user.data.idUser);
    }
    return ids;
  }

  /** The dealers whose VAT code contains `part` (any case), known to the engine. */
  private async dealersWithVat(part: string): Promise<Set<string>> {
    const rows = await this.fanout.db.query<{ id: string }>(
      `SELECT id FROM public.personal_data WHERE kind = 'DEALER' AND lower(coalesce(data->>'vatCode', '')) LIKE $1 ESCAPE '\\'`, [containsPattern(part)]);
    return new Set(rows.map((r) => r.id).filter((id) => this.model.dealers.has(DEALER.prefix + id)));
  }
}
