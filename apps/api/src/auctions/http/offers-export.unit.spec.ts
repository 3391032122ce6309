/**
 * The offers report's file as a person opens it (#21 item 19): an Italian or French reader's spreadsheet splits a CSV
 * at `;` and reads `10500,00` as a number; a lot's losing offers do not say "Awarded"; the file is named after the
 * auction, not its id. (offers-export.e2e.spec.ts checks the same through HTTP.)
 */
import { describe, expect, test } from '@jest/globals';
import type { AuctionView, OfferReportRow } from '@auction/contracts';
import { attachmentDisposition, toCsv } from '../../platform/http/report-file.js';
import { offersExport } from './offers-export.js';

const auction = {
  idAuction: 'a-7f3e', auctionName: 'Asta Roma: ottobre', idMarket: 'IT',
  lots: [{ idLot: 'l1', lotNumber: 1, licensePlate: 'GA123BC', brand: 'Fiat', model: '500', awardStatus: 'AWA', idOfferAwarded: 'o2', bestOfferId: 'o2' }],
} as unknown as AuctionView;
const offers: OfferReportRow[] = [
  { idOffer: 'o1', idLot: 'l1', lotNumber: 1, licensePlate: 'GA123BC', offer: 10000, username: 'dealer1', createdAt: '2030-01-15T09:00:00.000Z', clickAndBuy: false },
  { idOffer: 'o2', idLot: 'l1', lotNumber: 1, licensePlate: 'GA123BC', offer: 10500, username: 'dealer2', createdAt: '2030-01-15T09:00:05.000Z', clickAndBuy: false },
];

describe('offers report file', () => {
  test('Italian and French: `;` between cells and a decimal comma; English: `,` and a decimal point', () => {
    for (const language of ['it', 'fr'] as const) {
      const file = offersExport(auction, offers, language, 'text');
      const csv = toCsv(file.header, file.rows, file.separator);
      expect(csv.split('\r\n')[2]).toMatch(/^1;GA123BC;Fiat 500;10500,00;dealer2;15\/01\/2030 10:00:05;/);
    }
    const en = offersExport(auction, offers, 'en', 'text');
    expect(toCsv(en.header, en.rows, en.separator).split('\r\n')[2]).toMatch(/^1,GA123BC,Fiat 500,10500\.00,dealer2,/);
  });

  test('a losing offer on an awarded lot is not "Adjugé"; the winning one is', () => {
    const fr = offersExport(auction, offers, 'fr', 'text');
    expect(fr.rows.map((r) => r[7])).toEqual(['Non adjugé (surenchéri)', 'Adjugé']);
    expect(fr.rows.map((r) => r[8])).toEqual(['dealer2', 'dealer2']);
  });

  test('the file is named after the auction (a file system\'s forbidden signs become spaces), never its id', () => {
    const it = offersExport(auction, offers, 'it', 'text');
    const disposition = attachmentDisposition(`${it.fileName}.csv`);
    expect(disposition).toBe('attachment; filename="Asta Roma ottobre - Offerte.csv"; filename*=UTF-8\'\'Asta%20Roma%20ottobre%20-%20Offerte.csv');
    expect(disposition).not.toContain(auction.idAuction);
    expect(attachmentDisposition('Città "nuova".pdf', true)).toBe('inline; filename="Citta nuova .pdf"; filename*=UTF-8\'\'Citt%C3%A0%20nuova%20.pdf');
  });
});
