import { z } from 'zod';
import { ReportQuery, type AuctionView, type OfferReportRow } from '@auction/contracts';
import { LANGUAGES, formatDateTimeIn, isLanguage, resourceLanguageOf, resources, timeZoneOfMarket, type Language } from '@auction/i18n';

/**
 * Query of create-report: the file type and, optionally, the language of its headers and texts (`lang`, one of the
 * portal's languages; without it the caller's preferred language, English when that is not one of them).
 */
export const ReportFileQuery = ReportQuery.extend({ lang: z.enum(LANGUAGES).optional() });
export type ReportFileQuery = z.infer<typeof ReportFileQuery>;

type Cell = string | number | null;

/** A report ready to be written as CSV or XLSX: the sheet's name, its header row and its rows. */
export interface OffersExport {
  readonly sheet: string;
  readonly header: string[];
  readonly rows: Cell[][];
  /** The CSV's cell separator in `language`: `;` where spreadsheets read a decimal comma, else `,`. */
  readonly separator: ',' | ';';
  /** The file's name without extension: the auction's name and the sheet's (`Asta Roma - Offerte`). */
  readonly fileName: string;
}

/**
 * How a CSV in `language` writes amounts for that reader's spreadsheet: English ones split at `,` and read `10500.00`;
 * the others (Italian, French, German...) split at `;` and read `10500,00` (no thousands separator, which they would
 * take for text).
 */
export function csvConventionsOf(language: Language): { readonly separator: ',' | ';'; readonly decimal: '.' | ',' } {
  return resourceLanguageOf(language) === 'en' ? { separator: ',', decimal: '.' } : { separator: ';', decimal: ',' };
}

/** The language of an export: the `lang` asked for, else the user's preferred language (any case), else English. */
export function exportLanguage(lang: Language | undefined, preferredLanguage: string | null | undefined): Language {
  if (lang) return lang;
  const preferred = preferredLanguage?.toLowerCase();
  return isLanguage(preferred) ? preferred : 'en';
}

/** An offers report written row by row: the sheet's name, its header row, how one offer reads, the file's name. */
export interface OffersExporter extends Omit<OffersExport, 'rows'> {
  readonly rowOf: (offer: OfferReportRow) => Cell[];
}

/**
 * The offers report as people read it, in `language`: each offer's lot by number, plate and vehicle (never an
 * internal id), its amount in euros (`amountAs`: a number for a spreadsheet, `1234.50` text for CSV), its dealer,
 * its time on the wall clock of the auction's market (e.g. Europe/Rome for IT), whether it was a buy-now, its
 * lot's award status as it concerns this offer (an awarded lot's other offers say they lost, not "Awarded") and the
 * lot's winner (the dealer of the awarded offer; empty while the lot is not awarded).
 */
export function offersExport(auction: AuctionView, offers: readonly OfferReportRow[], language: Language, amountAs: 'number' | 'text'): OffersExport {
  const usernameOf = new Map(offers.map((o) => [o.idOffer, o.username]));
  const { rowOf, ...file } = offersExporter(auction, usernameOf, language, amountAs);
  return { ...file, rows: offers.map(rowOf) };
}

/** The ids of the offers an auction's lots were awarded to (their dealers are the winners of {@link offersExporter}). */
export function awardedOffers(auction: AuctionView): string[] {
  return auction.lots.flatMap((l) => (l.awardStatus === 'AWA' && (l.idOfferAwarded ?? l.bestOfferId) ? [(l.idOfferAwarded ?? l.bestOfferId)!] : []));
}

/**
 * {@link offersExport} one offer at a time, for a file streamed as the offers are read: `winners` gives the dealer of
 * each awarded offer (see {@link awardedOffers}).
 */
export function offersExporter(auction: AuctionView, winners: ReadonlyMap<string, string>, language: Language, amountAs: 'number' | 'text'): OffersExporter {
  const t = resources[resourceLanguageOf(language)].auctioneer.export;
  const zone = timeZoneOfMarket(auction.idMarket);
  const lots = new Map(auction.lots.map((l) => [l.idLot, l]));
  const awardedOffer = (idLot: string) => {
    const lot = lots.get(idLot);
    return lot?.awardStatus === 'AWA' ? lot.idOfferAwarded ?? lot.bestOfferId : null;
  };
  const winnerOf = (idLot: string) => {
    const idOffer = awardedOffer(idLot);
    return (idOffer && winners.get(idOffer)) ?? '';
  };
  const statusOf = (o: OfferReportRow) => {
    const lot = lots.get(o.idLot);
    if (!lot) return '';
    if (lot.awardStatus === 'AWA' && awardedOffer(o.idLot) !== o.idOffer) return t.lost;
    return t[lot.awardStatus];
  };
  const { separator, decimal } = csvConventionsOf(language);
  const header = [t.lotNumber, t.plate, t.vehicle, t.amount, t.dealer, t.time.replace('{{zone}}', zone), t.clickAndBuy, t.awardStatus, t.winner];
  const rowOf = (o: OfferReportRow): Cell[] => {
    const lot = lots.get(o.idLot);
    return [
      lot?.lotNumber ?? null, lot?.licensePlate ?? '', lot ? `${lot.brand} ${lot.model}`.trim() : '',
      amountAs === 'number' ? o.offer : o.offer.toFixed(2).replace('.', decimal), o.username, formatDateTimeIn(o.createdAt, zone),
      o.clickAndBuy ? t.yes : t.no, statusOf(o), winnerOf(o.idLot),
    ];
  };
  return { sheet: t.sheet, header, rowOf, separator, fileName: `${auction.auctionName} - ${t.sheet}` };
}
