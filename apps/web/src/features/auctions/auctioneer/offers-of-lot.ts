import type { OfferReportRow } from '@auction/contracts';
import { toCents } from '@auction/domain';

/**
 * The offers of one lot, best first: higher amounts first and, between equal amounts, the one stored first
 * (the report is in stored order and the sort is stable), as the lot's best offer is decided.
 */
export function offersOfLot(report: readonly OfferReportRow[], idLot: string): OfferReportRow[] {
  return report.filter((r) => r.idLot === idLot).sort((a, b) => toCents(b.offer) - toCents(a.offer));
}
