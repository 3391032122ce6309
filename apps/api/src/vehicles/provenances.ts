import { Injectable } from '@nestjs/common';
import type { Market, Provenance } from '@auction/domain';

/**
 * The provenances: reference data, one entry per source of vehicles (code, name, market, supplying dealer). Kept here
 * until a back-office call manages them; the demo dealers D-AUCT (its loader and auctioneer) and D-EXHB (its loader2) supply them.
 */
export const PROVENANCES: readonly Provenance[] = [
  { code: 'LEASYS-IT', name: 'Leasys Italia', idMarket: 'IT', idDealer: 'D-AUCT' },
  { code: 'LEASYS-DE', name: 'Leasys Deutschland', idMarket: 'DE', idDealer: 'D-AUCT' },
  { code: 'RENT-IT', name: 'Demo Rent Italia', idMarket: 'IT', idDealer: 'D-EXHB' },
];

/** The provenances, by code and by market. */
@Injectable()
export class Provenances {
  private readonly byCode = new Map(PROVENANCES.map((p) => [p.code, p]));

  /** Every provenance, optionally of one market, by code. */
  list(idMarket?: Market): Provenance[] {
    return PROVENANCES.filter((p) => !idMarket || p.idMarket === idMarket).sort((a, b) => a.code.localeCompare(b.code));
  }

  /** The provenance of `code` (compared upper case, trimmed), or undefined. */
  get(code: string): Provenance | undefined {
    return this.byCode.get(code.trim().toUpperCase());
  }
}
