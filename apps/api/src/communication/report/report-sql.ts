import type { ReportType } from '@auction/contracts';
import type { Market } from '@auction/domain';
import { auctionsTable, loginsTable, lotsTable, offersTable, templateBuyersTable, templatesTable, vehiclesTable } from '@auction/read-models';
import { DEALER_FROM } from '../../dealers/dealers/dealer-search.js';
import { containsPattern } from '../../dealers/dealers/dealer-search.js';

/** A report's filters once the caller's markets and the named users are known (see `ReportService.filterOf`). */
export interface ReportFilter {
  readonly type: ReportType;
  readonly markets: readonly Market[];
  /** First instant of the period (inclusive) and first instant after it (exclusive), ISO. */
  readonly from?: string;
  readonly to?: string;
  readonly idAuction?: string;
  readonly idDealer?: string;
  readonly idTemplate?: string;
  readonly loginType?: string;
  /** The users whose rows are kept (by dealer, VAT code, username); null: every user. */
  readonly users: readonly string[] | null;
  readonly vatCode?: string;
  readonly username?: string;
  readonly templateName?: string;
  readonly auctionName?: string;
  readonly flgDeleted?: boolean;
}

/** One page's statement: rows after the keyset `after` (`k` of the last row read), in key order, at most `limit`. */
export interface PageSql { readonly sql: string; readonly params: unknown[] }

/** A part of a report read page by page: its statement for the rows after `after`, and its first key. */
export interface ReportPart { readonly first: number | string; readonly page: (after: number | string, limit: number) => PageSql }

const q = (schema: string, spec: { table: string }) => `"${schema.replace(/"/g, '""')}"."${spec.table}"`;

/** Builds WHERE conditions with numbered parameters (PostgreSQL and PGlite alike). */
class Where {
  readonly params: unknown[] = [];
  readonly parts: string[] = [];
  p(value: unknown): string {
    return `$${this.params.push(value)}`;
  }
  add(sql: string): this {
    this.parts.push(sql);
    return this;
  }
  like(column: string, value: string | undefined): this {
    return value ? this.add(`lower(coalesce(${column}, '')) LIKE ${this.p(containsPattern(value))} ESCAPE '\\'`) : this;
  }
  period(column: string, f: ReportFilter): this {
    if (f.from) this.add(`${column} >= ${this.p(f.from)}::timestamptz`);
    if (f.to) this.add(`${column} < ${this.p(f.to)}::timestamptz`);
    return this;
  }
  users(column: string, f: ReportFilter): this {
    return f.users ? this.add(`${column} = ANY(${this.p([...f.users])}::text[])`) : this;
  }
  sql(): string {
    return this.parts.join(' AND ');
  }
}

/** The auction conditions of the sales reports (offers, awards, auction purchases) on `a` (auctions) and `t` (templates). */
function auctionWhere(w: Where, f: ReportFilter): Where {
  w.add(`a.id_market = ANY(${w.p([...f.markets])}::text[])`).add(f.flgDeleted ? `a.status = 'DELETED'` : `a.status <> 'DELETED'`);
  if (f.idAuction) w.add(`a.id_auction = ${w.p(f.idAuction)}`);
  if (f.idTemplate) w.add(`a.id_template = ${w.p(f.idTemplate)}`);
  return w.like('t.template_name', f.templateName).like('a.auction_name', f.auctionName);
}

const AUCTION_COLUMNS = `a.id_auction AS "idAuction", a.auction_name AS "auctionName", a.id_market AS "idMarket", a.id_template AS "idTemplate", ` +
  `t.template_name AS "templateName", (a.status = 'DELETED') AS "auctionDeleted"`;

/**
 * Pages of one table walked by its key in windows: each statement takes the next `limit` rows of `table` after `after`
 * by `key` alone (an index walk, whatever the planner knows of the table's size: PGlite never analyses), then joins and
 * filters that window. It answers the window's last key and size (to go on from, and to know the end) and the rows kept
 * (`k` null when none is): a report costs one pass over the table, never a sort of all that is left.
 */
function windowed(table: string, alias: string, key: string, windowWhere: string, select: string, joins: string, where: (w: Where) => Where): ReportPart['page'] {
  return (after, limit) => {
    const w = new Where();
    const from = w.p(after);
    where(w);
    const kept = w.parts.length > 0 ? `WHERE ${w.sql()}` : '';
    const sql = `WITH win AS MATERIALIZED (SELECT * FROM ${table} WHERE ${key} > ${from}${windowWhere ? ` AND ${windowWhere}` : ''} ORDER BY ${key} LIMIT ${Number(limit)}), ` +
      `last AS (SELECT max(${key}) AS "windowEnd", count(*) AS "windowRows" FROM win) ` +
      `SELECT last."windowEnd", last."windowRows", m.* FROM last LEFT JOIN (SELECT ${alias}.${key} AS k, ${select} FROM win ${alias} ${joins} ${kept}) m ON true ORDER BY m.k`;
    return { sql, params: w.params };
  };
}

/** The parts of a report, read one after the other (purchases: auction lots, then showcase vehicles). */
export function reportParts(schema: string, f: ReportFilter): ReportPart[] {
  const auctions = `JOIN ${q(schema, auctionsTable)} a ON a.id_auction = l.id_auction LEFT JOIN ${q(schema, templatesTable)} t ON t.id_template = a.id_template`;
  const lotColumns = `l.id_lot AS "idLot", l.lot_number AS "lotNumber", l.license_plate AS "licensePlate", l.brand, l.model`;
  const lots = q(schema, lotsTable);
  switch (f.type) {
    case 'LOGINS':
      return [{ first: -1, page: windowed(q(schema, loginsTable), 'g', 'position', '',
        'g.at AS "at", g.login_type AS "loginType", g.id_user AS "idUser", g.id_dealer AS "idDealer", g.id_market AS "idMarket"', '', (w) => {
          w.add(`g.id_market = ANY(${w.p([...f.markets])}::text[])`).period('g.at', f).users('g.id_user', f);
          if (f.idDealer) w.add(`g.id_dealer = ${w.p(f.idDealer)}`);
          return f.loginType ? w.add(`g.login_type = ${w.p(f.loginType)}`) : w;
        }) }];
    case 'OFFERS':
      return [{ first: -1, page: windowed(q(schema, offersTable), 'o', 'position', '',
        `o.placed_at AS "at", o.id_offer AS "idOffer", o.amount, o.click_and_buy AS "clickAndBuy", o.id_user AS "idUser", ${AUCTION_COLUMNS}, ${lotColumns}`,
        `JOIN ${lots} l ON l.id_lot = o.id_lot ${auctions}`, (w) => auctionWhere(w.period('o.placed_at', f).users('o.id_user', f), f)) }];
    case 'AWARDS':
      return [{ first: -1, page: windowed(lots, 'l', 'created_position', `award_status <> 'TBA'`,
        `l.closed_at AS "at", l.award_status AS "awardStatus", l.awarded_amount AS amount, l.awarded_user_id AS "idUser", ${AUCTION_COLUMNS}, ${lotColumns}`,
        auctions, (w) => auctionWhere(w.period('l.closed_at', f).users('l.awarded_user_id', f), f)) }];
    case 'PURCHASES': {
      const parts: ReportPart[] = [{ first: -1, page: windowed(lots, 'l', 'created_position', `award_status <> 'TBA'`,
        `l.closed_at AS "at", 'AUCTION' AS channel, l.awarded_amount AS amount, l.awarded_user_id AS "idUser", l.id_vehicle AS "idVehicle", ${AUCTION_COLUMNS}, ${lotColumns}`,
        auctions, (w) => auctionWhere(w.add(`l.award_status = 'AWA' AND l.state = 'CLOSED'`).period('l.closed_at', f).users('l.awarded_user_id', f), f)) }];
      // Showcase sales belong to no auction: a filter on auctions (or deleted auctions) leaves them out; templates they have.
      if (f.idAuction || f.auctionName || f.flgDeleted) return parts;
      parts.push({ first: -1, page: windowed(q(schema, vehiclesTable), 'v', 'listed_position', `status = 'SOLD'`,
        `v.sold_at AS "at", 'SHOWCASE' AS channel, coalesce(v.sold_price, v.price) AS amount, v.sold_user_id AS "idUser", v.id_vehicle AS "idVehicle", ` +
          'v.id_market AS "idMarket", v.id_template AS "idTemplate", t.template_name AS "templateName", v.license_plate AS "licensePlate", v.brand, v.model',
        `LEFT JOIN ${q(schema, templatesTable)} t ON t.id_template = v.id_template`, (w) => {
          w.add(`v.id_market = ANY(${w.p([...f.markets])}::text[])`).period('v.sold_at', f).users('v.sold_user_id', f).like('t.template_name', f.templateName);
          return f.idTemplate ? w.add(`v.id_template = ${w.p(f.idTemplate)}`) : w;
        }) });
      return parts;
    }
    case 'DEALERS':
      // The dealer index is walked by its primary key, a page of kept dealers at a time (its rows are few: dealers).
      return [{ first: '', page: (after, limit) => {
        const w = new Where();
        w.add(`d.id_dealer COLLATE "C" > ${w.p(after)}`).add(`d.id_market = ANY(${w.p([...f.markets])}::text[])`);
        w.add(f.flgDeleted ? `d.status = 'DELETED'` : `d.status <> 'DELETED'`).period('d.created_at', f);
        if (f.idDealer) w.add(`d.id_dealer = ${w.p(f.idDealer)}`);
        w.like(`p.data->>'vatCode'`, f.vatCode).like('d.username', f.username);
        const buyers = `SELECT b.id_dealer FROM ${q(schema, templateBuyersTable)} b JOIN ${q(schema, templatesTable)} t ON t.id_template = b.id_template`;
        if (f.idTemplate) w.add(`d.id_dealer IN (${buyers} WHERE b.id_template = ${w.p(f.idTemplate)})`);
        if (f.templateName) w.add(`d.id_dealer IN (${buyers} WHERE lower(t.template_name) LIKE ${w.p(containsPattern(f.templateName))} ESCAPE '\\')`);
        return {
          sql: `SELECT d.id_dealer AS k, d.id_dealer AS "windowEnd", d.*, p.data FROM ${DEALER_FROM} WHERE ${w.sql()} ORDER BY d.id_dealer COLLATE "C" LIMIT ${Number(limit)}`,
          params: w.params,
        };
      } }];
  }
}
