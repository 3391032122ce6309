import { beforeAll, describe, expect, it } from 'vitest';
import { DomainError, type VehicleState } from '@auction/domain';
import { AuctionReadModel } from '../queries/auction-read-model.js';
import { DealerReadModel } from '../queries/dealer-read-model.js';
import { qualified } from '../tables/table-spec.js';
import { auctionsTable } from '../tables/read-model-tables.js';
import { ShowcaseReadModel, type SoldPage } from '../queries/showcase-read-model.js';
import { ReadModelAccessError, type Viewer } from '../queries/viewer.js';
import { scenarioUsername } from './auction-scenario.test-support.js';
import { chunks, projectInto, type SuiteDb } from './int-support.test-support.js';
import { Oracle } from './oracle.test-support.js';
import { generateScenario, shuffledAcrossPartitions, type Scenario } from './scenario.test-support.js';

/** A page holding a whole (small) list. */
const P = { limit: 100, offset: 0 };
const whole = <T>(items: T[]) => ({ items, total: items.length, limit: 100, offset: 0 });

const buyer = (idUser: string): Viewer => ({ idUser, roles: ['BUYER'] });

/** The queries answer what the domain states imply, for every kind of viewer. */
export function describeQuerySuite(name: string, suite: () => SuiteDb): void {
  describe(`${name}: queries`, () => {
    let s: Scenario;
    let oracle: Oracle;
    let auctions: AuctionReadModel;
    let showcase: ShowcaseReadModel;
    let viewers: Viewer[];
    const idAuctions = Array.from({ length: 10 }, (_, i) => `a${i}`);

    beforeAll(async () => {
      s = generateScenario({ seed: 5, dealers: 6 });
      const schema = `${suite().schema}_queries`;
      // Delivered out of order across auctions, to be sure the views do not depend on it.
      await projectInto(suite().db, schema, chunks(shuffledAcrossPartitions(s.events, 11), 80));
      oracle = new Oracle(s.log, s.now);
      auctions = new AuctionReadModel(suite().db, { schema, now: () => s.now, usernameOf: scenarioUsername });
      showcase = new ShowcaseReadModel(suite().db, { schema, now: () => s.now, usernameOf: scenarioUsername });
      viewers = [...s.dealers.map(buyer), { idUser: 'owner-0', roles: ['AUCTIONEER'] }, { idUser: 'admin', roles: ['ADMIN'] }];
    });

    it('auction and auctionFull: lots by number, statuses at now, reserve for the owner only, personal fields', async () => {
      for (const v of viewers) {
        for (const id of idAuctions) {
          for (const personal of [false, true]) {
            const expected = oracle.auction(v, id, personal);
            if (expected) expect(await auctions.auction(v, id, personal)).toEqual(expected);
            else await expect(auctions.auction(v, id, personal)).rejects.toMatchObject({ code: 404020 });
          }
        }
      }
      await expect(auctions.auction(viewers[0]!, 'nope', false)).rejects.toBeInstanceOf(DomainError);
      const statuses = new Set((await Promise.all(idAuctions.slice(0, 7).map((id) => auctions.auction(viewers[0]!, id, false).catch(() => null))))
        .flatMap((a) => a?.lots.map((l) => `${a.status}/${l.status}/${l.awardStatus}`) ?? []));
      expect(statuses.size).toBeGreaterThan(3);
    });

    it('running auctions, with search on name, plate, brand and model', async () => {
      for (const v of viewers.slice(0, 3)) {
        for (const toSearch of [undefined, 'golf', 'GA10', 'fleet 2', 'renault', 'zzz']) {
          const expected = oracle.running(v, toSearch);
          const page = await auctions.running(v, { toSearch, limit: 100, offset: 0 });
          expect(page, `${v.idUser} ${toSearch}`).toEqual({ items: expected, total: expected.length, limit: 100, offset: 0 });
        }
      }
      const all = oracle.running(viewers[0]!);
      expect(all.length).toBeGreaterThan(1);
      // Pages: the server's order, a page past the end empty with the total still counted.
      expect(await auctions.running(viewers[0]!, { limit: 1, offset: 1 })).toEqual({ items: [all[1]], total: all.length, limit: 1, offset: 1 });
      expect(await auctions.running(viewers[0]!, { limit: 5, offset: 1000 })).toEqual({ items: [], total: all.length, limit: 5, offset: 1000 });
    });

    it('accepted regulation and observed lots', async () => {
      for (const v of viewers) {
        expect(await auctions.observed(v, P)).toEqual(whole(oracle.observed(v)));
        for (const id of ['a0', 'a1', 'a2']) expect(await auctions.acceptedRegulation(v, id)).toEqual({ accepted: oracle.accepted(v, id) });
      }
      await expect(auctions.acceptedRegulation(viewers[0]!, 'a7')).rejects.toMatchObject({ code: 404020 });
    });

    it('an auction of a template the viewer is not enabled for: its detail, page and regulation are not found, as in the lists', async () => {
      // The API's guard checks this first against its live model, but lets an auction it does not know yet through; in
      // server mode the read models can hold the auction before that (a fresh-clone run of 2026-11-26 showed a dealer not
      // enabled reading a new auction of a template). The read model's own reads of one auction decide by the row.
      const schema = `${suite().schema}_template_scope`;
      await projectInto(suite().db, schema, chunks(s.events, 80));
      await suite().db.query(`UPDATE ${qualified(schema, auctionsTable)} SET id_template = 'T-SCOPE' WHERE id_auction = 'a0'`);
      const enabledFor = (templates: string[] | null) =>
        new AuctionReadModel(suite().db, { schema, now: () => s.now, usernameOf: scenarioUsername, templatesOf: () => templates });
      const dealer = buyer(s.dealers[0]!);
      const owner = { idUser: (await enabledFor(null).auction(viewers.at(-1)!, 'a0', false)).idOwner, roles: ['AUCTIONEER'] };
      const reads: ((m: AuctionReadModel, v: Viewer, id: string) => Promise<unknown>)[] = [
        (m, v, id) => m.auction(v, id, true), (m, v, id) => m.auctionPage(v, id, true, { limit: 100, offset: 0 }), (m, v, id) => m.acceptedRegulation(v, id),
        (m, v, id) => m.fileMessageOf(v, id),
      ];
      for (const read of reads) {
        await expect(read(enabledFor([]), dealer, 'a0')).rejects.toMatchObject({ code: 404020 });
        await expect(read(enabledFor(['T-OTHER']), dealer, 'a0')).rejects.toMatchObject({ code: 404020 });
        await expect(read(enabledFor(['T-SCOPE']), dealer, 'a0')).resolves.toBeDefined();
        await expect(read(enabledFor(null), dealer, 'a0')).resolves.toBeDefined(); // staff: every template
        await expect(read(enabledFor([]), owner, 'a0')).resolves.toBeDefined(); // its owner
        await expect(read(enabledFor([]), dealer, 'a1')).resolves.toBeDefined(); // the default channel: open to all
      }
      // The bids of one of its lots too.
      const idLot = (await enabledFor(null).auction(owner, 'a0', false)).lots[0]!.idLot;
      const bidsFor = (templates: string[] | null) =>
        new DealerReadModel(suite().db, { schema, now: () => s.now, usernameOf: scenarioUsername, templatesOf: () => templates });
      await expect(bidsFor([]).bidHistory(dealer, 'a0', idLot, P)).rejects.toMatchObject({ code: 404020 });
      await expect(bidsFor(['T-SCOPE']).bidHistory(dealer, 'a0', idLot, P)).resolves.toBeDefined();
      // The lists agree: a0 is left out for the dealer not enabled.
      expect((await enabledFor([]).byIds(dealer, ['a0', 'a1'], P)).items.map((a) => a.idAuction)).toEqual(['a1']);
      await suite().db.dropSchema(schema);
    });

    it('offers report in stored order, for the owner and administrators only', async () => {
      for (const id of ['a0', 'a2', 'a3']) {
        const owner = { idUser: `owner-${Number(id.slice(1)) % 2}`, roles: ['AUCTIONEER'] };
        const report = await auctions.offersReport(owner, id, P);
        expect(report).toEqual(whole(oracle.offersReport(id)));
        expect(report.items.length).toBeGreaterThan(0);
        expect(await auctions.offersReport({ idUser: 'admin', roles: ['ADMIN'] }, id, P)).toEqual(report);
        // One lot's offers (the offer-detail screen), and none for a lot of another auction.
        const idLot = report.items[0]!.idLot;
        expect(await auctions.offersReport(owner, id, P, idLot)).toEqual(whole(oracle.offersReport(id, idLot)));
        expect((await auctions.offersReport(owner, id, { limit: 1, offset: 1 }, idLot)).items).toEqual(oracle.offersReport(id, idLot).slice(1, 2));
        expect(await auctions.offersReport(owner, id, P, 'no-such-lot')).toEqual(whole([]));
        const batches: unknown[] = [];
        for await (const batch of auctions.offersReportBatches(owner, id, 2)) batches.push(...batch);
        expect(batches).toEqual(report.items);
        await expect(auctions.offersReport(viewers[0]!, id, P)).rejects.toBeInstanceOf(ReadModelAccessError);
        expect(await auctions.auctionOwner(id)).toBe(owner.idUser);
      }
    });

    it('purchases: awarded lots (buy-now included) and bought vehicles, with the spec filters', async () => {
      let total = 0;
      for (const v of viewers) {
        for (const q of [{}, { channel: 'AUCTION' as const }, { channel: 'SHOWCASE' as const }, { licensePlate: 'ga1' }, { auctionName: 'fleet 3' },
          { frame: 'zfa' }, { fromDate: '2026-11-21T09:30:00Z', toDate: '2026-11-21T19:55:00Z' }, { idVehicle: 'sc0-v1' }]) {
          const rows = await auctions.purchases(v, { ...q, ...P });
          expect(rows, `${v.idUser} ${JSON.stringify(q)}`).toEqual(whole(oracle.purchases(v, q)));
          if (Object.keys(q).length === 0) total += rows.items.length;
        }
      }
      expect(total).toBeGreaterThan(3);
    });

    it('showcase catalogue, search, my lot, regulation and purchases of a dealer', async () => {
      for (const v of viewers) {
        const listed = (st: VehicleState) => st.status === 'LISTED';
        expect(await showcase.catalogue(v, undefined, P)).toEqual(whole(oracle.vehicles(v, listed)));
        expect(await showcase.catalogue(v, 'DE', P)).toEqual(whole(oracle.vehicles(v, (st) => listed(st) && st.data.listing.idMarket === 'DE')));
        const search = oracle.vehicles(v, (st) => listed(st) && st.data.listing.brand.toLowerCase().includes('fi') && st.data.listing.price <= 6000);
        expect(await showcase.search(v, { brand: 'FI', maxPrice: 6000 }, P)).toEqual(whole(search));
        const all = oracle.vehicles(v, listed);
        expect(await showcase.catalogue(v, undefined, { limit: 3, offset: 2 })).toEqual({ items: all.slice(2, 5), total: all.length, limit: 3, offset: 2 });
        expect(await showcase.myLot(v, P)).toEqual(whole(oracle.vehicles(v, (st) => st.data.inMyLotOf.includes(v.idUser))));
        expect(await showcase.myLotToBook(v)).toEqual(oracle.vehicles(v, (st) => st.data.inMyLotOf.includes(v.idUser)
          && !(st.status === 'SOLD' && st.sale.idUser === v.idUser)).map((x) => x.idVehicle));
        expect(await showcase.acceptedRegulation(v)).toEqual({ accepted: oracle.showcaseAccepted(v) });
        for (const bought of oracle.vehicles(v, () => true)) expect(await showcase.boughtByCaller(v, bought.idVehicle)).toBe(bought.boughtByMe);
      }
      const states = new Set((await showcase.myLot(viewers[0]!, P)).items.concat((await showcase.catalogue(viewers[1]!, undefined, P)).items).map((x) => x.state));
      expect(states.has('AVAILABLE')).toBe(true);
    });

    it('sold vehicles of a showcase, sorted and paged, for its owner and the administrators of its market only', async () => {
      const owner = { idUser: 'exhibitor-sc0', roles: ['EXHIBITOR'] };
      const sold = oracle.vehicles(owner, (st) => st.status === 'SOLD' && st.data.listing.idShowcase === 'sc0');
      const all = (await showcase.sold(owner, 'sc0', { limit: 100, offset: 0, sortField: 'soldAt', sortOrder: 'desc' })).items;
      expect(all.map((r) => r.idVehicle).sort()).toEqual(sold.map((x) => x.idVehicle).sort());
      const pages: SoldPage[] = [{ limit: 100, offset: 0, sortField: 'price', sortOrder: 'asc' }, { offset: 1, limit: 2, sortField: 'licensePlate', sortOrder: 'desc' }];
      for (const page of pages) {
        const sign = page.sortOrder === 'asc' ? 1 : -1;
        const key = page.sortField;
        const expected = [...all].sort((a, b) => sign * (key === 'price' ? a.price - b.price : a[key].localeCompare(b[key])) || a.idVehicle.localeCompare(b.idVehicle));
        expect(await showcase.sold(owner, 'sc0', page)).toEqual({ items: expected.slice(page.offset, page.offset + page.limit), total: all.length, limit: page.limit, offset: page.offset });
      }
      const market = (await showcase.vehicle(owner, 'sc0-v0'))?.idMarket ?? 'IT';
      expect((await showcase.sold({ idUser: 'admin', roles: ['ADMIN'], adminEnabledMarket: [market] }, 'sc0', pages[0]!)).items).toHaveLength(all.length);
      // Anyone else, another market's administrator too, is answered as for an unknown showcase (404, never 403).
      await expect(showcase.sold({ idUser: 'admin', roles: ['ADMIN'], adminEnabledMarket: ['PL'].filter((m) => m !== market) }, 'sc0', pages[0]!)).rejects.toMatchObject({ httpStatus: 404 });
      await expect(showcase.sold(viewers[0]!, 'sc0', pages[0]!)).rejects.toMatchObject({ httpStatus: 404 });
      await expect(showcase.sold(owner, 'nope', pages[0]!)).rejects.toMatchObject({ httpStatus: 404 });
      expect(await showcase.showcaseOwner('sc0')).toBe('exhibitor-sc0');
      expect(await showcase.vehicle(viewers[0]!, 'sc0-v0')).toEqual(oracle.vehicles(viewers[0]!, (st) => st.data.listing.idVehicle === 'sc0-v0')[0]);
    });
  });
}
