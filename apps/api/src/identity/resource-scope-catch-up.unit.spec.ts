/**
 * Who sees what on an index a moment behind the log (server mode: another instance created the auction a millisecond
 * ago). The guard catches its index up before deciding, so an auction of a template the caller is not enabled for is
 * never let through as "unknown" (a helper's attack of de9244a, findings 2 and 5: an offer, an observation or a read of
 * it passed the guard in that window).
 */
import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import type { StoredEvent } from '@auction/event-store';
import type { BlobStore } from '@auction/blob-store';
import { DomainError, ERROR_CODES, MARKETS } from '@auction/domain';
import { IndexCatchUp } from '../platform/engine/index-catch-up.js';
import { LiveReadModel } from '../platform/engine/live-read-model.js';
import type { Actor } from './actor.js';
import type { DealerDirectory } from './registration/dealer-directory.service.js';
import { ResourceScope } from './resource-scope.js';

let position = 0;
const event = (streamId: string, type: string, data: Record<string, unknown>): StoredEvent =>
  ({ streamId, type, data, metadata: {}, schemaVersion: 1, position: ++position, recordedAt: new Date(0) }) as unknown as StoredEvent;
const at = 1_800_000_000_000;
const template = [
  event('template-T-1', 'TemplateCreated', {
    idTemplate: 'T-1', idDealer: 'D-AUCT', templateName: 'Rent-it', description: '', largeLogo: '', smallLogo: '', commercialInfoPhone: '',
    commercialInfoEmail: '', vatCode: 'IT01234567890', idMarket: 'IT', provenance: 'RENT-IT', by: 'admin', at,
  }),
  event('template-T-1', 'TemplateBuyerChanged', { idTemplate: 'T-1', idDealer: 'D-ON', flgEnabled: true, by: 'admin', at }),
];
const scheduled = (idAuction: string) => event(`auction-${idAuction}`, 'AuctionScheduled', {
  idAuction, idOwner: 'auctioneer', idSellerDealer: 'D-AUCT', auctionName: 'Rent-it November', idMarket: 'IT', auctionType: 'ONLINE',
  startDate: new Date(at).toISOString(), endDate: new Date(at + 3_600_000).toISOString(), regulationRequired: false, windowSeconds: 60,
  extendSeconds: 60, lotIds: [], idTemplate: 'T-1',
});
const dealer = (idDealer: string): Actor => ({ idUser: `u-${idDealer}`, username: idDealer, roles: ['USER', 'BUYER'], idDealer, flgEnabled: true });

/** An index at the log's head, and a scope over it; `write` appends to the log without the index seeing it yet. */
function world() {
  const model = new LiveReadModel();
  model.apply(template);
  let head = model.currentPosition;
  const store = { headPosition: async () => head };
  const scope = new ResourceScope(model, {} as DealerDirectory, {} as BlobStore, new IndexCatchUp(model, store));
  const write = (stored: StoredEvent, seenAfterMs: number) => {
    head = stored.position;
    setTimeout(() => model.apply([stored]), seenAfterMs);
  };
  return { model, scope, write };
}

const refusal = async (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => (error instanceof DomainError ? error.code : String(error)));

describe('the access guard on an index behind the log', () => {
  it('refuses an auction of a template the dealer is not enabled for, created elsewhere a moment ago, as an unknown one', async () => {
    const { scope, write } = world();
    write(scheduled('A-1'), 60);
    const started = Date.now();
    expect(await refusal(scope.check(dealer('D-OFF'), { params: { idAuction: 'A-1', idLot: 'L-1' } }))).toBe(ERROR_CODES.AUCTION_NOT_FOUND);
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
    // The same named in a body (a mobile call's): one check for every path. (A list of auctions, `idAuctions`, is
    // filtered by the read model's queries instead: the hidden ones are left out of the answer.)
    write(scheduled('A-2'), 30);
    expect(await refusal(scope.check(dealer('D-OFF'), { body: { idAuction: 'A-2', offer: 5000 } }))).toBe(ERROR_CODES.AUCTION_NOT_FOUND);
  });

  it('lets the enabled dealer through; refuses an auction or lot that does not exist exactly as a hidden one, at once', async () => {
    const { scope, write } = world();
    write(scheduled('A-3'), 40);
    expect(await refusal(scope.check(dealer('D-ON'), { params: { idAuction: 'A-3' } }))).toBeNull();
    const started = Date.now();
    // Refused by the guard, before the request's fields are read: a bad body gets the same 404 as for a hidden auction.
    expect(await refusal(scope.check(dealer('D-OFF'), { params: { idAuction: 'A-NONE', idLot: 'x' }, body: { offer: 'abc' } })))
      .toBe(ERROR_CODES.AUCTION_NOT_FOUND);
    expect(await refusal(scope.check(dealer('D-ON'), { params: { idAuction: 'A-3', idLot: 'A-3-9' } }))).toBe(ERROR_CODES.LOT_NOT_FOUND);
    expect(await refusal(scope.check(dealer('D-OFF'), { params: { idAuction: 'not an id!' } }))).toBe(ERROR_CODES.AUCTION_NOT_FOUND);
    expect(Date.now() - started).toBeLessThan(500);
    // The back office's staff see every auction: an unknown one is the handler's to answer (or their market scope's).
    const staff: Actor = { idUser: 'admin', username: 'admin', roles: ['USER', 'ADMIN'], idDealer: null, flgEnabled: true, adminEnabledMarket: [...MARKETS] };
    expect(await refusal(scope.check(staff, { params: { idAuction: 'A-3' } }))).toBeNull();
    expect(await refusal(scope.check(staff, { params: { idAuction: 'A-NONE' } }))).toBeNull();
  });

  it('reads the log\'s head once for the callers of the same moment, never from a read begun before a caller came', async () => {
    const model = new LiveReadModel();
    model.apply(template);
    let reads = 0;
    let release: () => void = () => undefined;
    const store = {
      headPosition: () => {
        reads++;
        return new Promise<number>((resolve) => { release = () => resolve(model.currentPosition); });
      },
    };
    const catchUp = new IndexCatchUp(model, store);
    const first = catchUp.sales({ auctions: ['U-0'] });
    await Promise.resolve();
    // 1,000 callers arrive while the first read is in flight: they share the one read that follows it.
    const later = Array.from({ length: 1_000 }, (_v, i) => catchUp.sales({ auctions: [`U-${i + 1}`] }));
    release();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads).toBe(2);
    release();
    await Promise.all(later);
    expect(reads).toBe(2);
    // Names of no id's shape ask nothing.
    await catchUp.sales({ auctions: ['no such id!', ''], lots: ['../x'] });
    expect(reads).toBe(2);
  });

  it('gives up after its time when the log does not answer, and leaves no waiter behind when the index stalls', async () => {
    const model = new LiveReadModel();
    model.apply(template);
    const silent = new IndexCatchUp(model, { headPosition: () => new Promise<number>(() => undefined) });
    const started = Date.now();
    await silent.sales({ auctions: ['A-SILENT'] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(Date.now() - started).toBeLessThan(3_000);
    const stalled = new IndexCatchUp(model, { headPosition: async () => model.currentPosition + 10 });
    await Promise.all([stalled.sales({ auctions: ['A-S1'] }), stalled.sales({ auctions: ['A-S2'] })]);
    expect(model.pendingWaiters).toBe(0);
  }, 10_000);

  it('asks nothing of the log for an auction the index knows', async () => {
    const { model, scope } = world();
    model.apply([scheduled('A-4')]);
    let asked = 0;
    const counting = new ResourceScope(model, {} as DealerDirectory, {} as BlobStore, new IndexCatchUp(model, { headPosition: async () => { asked++; return model.currentPosition; } }));
    expect(await refusal(counting.check(dealer('D-OFF'), { params: { idAuction: 'A-4' } }))).toBe(ERROR_CODES.AUCTION_NOT_FOUND);
    expect(await refusal(scope.check(dealer('D-ON'), { params: { idAuction: 'A-4' } }))).toBeNull();
    expect(asked).toBe(0);
  });
});
