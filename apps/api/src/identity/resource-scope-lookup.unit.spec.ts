/**
 * Who sees what when this instance's index of the log is a moment behind (server mode: another instance created the
 * auction a millisecond ago; PostgreSQL shows new rows to a reader only once older transactions end). The guard reads
 * such an auction from the log itself, so an auction of a template the caller is not enabled for is never let through
 * as "unknown" (a helper's attack of de9244a: an offer, an observation or a read of it passed in that window), and an
 * auction that does not exist is refused exactly as a hidden one (a helper's attack of f223d64: a 400 for a bad field,
 * a message or a SUBACK told them apart).
 */
import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import type { ReadStreamOptions, StoredEvent } from '@auction/event-store';
import type { BlobStore } from '@auction/blob-store';
import { DomainError, ERROR_CODES, MARKETS } from '@auction/domain';
import { LOOKUP_CONCURRENCY, LOOKUP_QUEUE, SalesLookup } from '../platform/engine/sales-lookup.js';
import { LiveReadModel } from '../platform/engine/live-read-model.js';
import type { Actor } from './actor.js';
import type { DealerDirectory } from './registration/dealer-directory.service.js';
import { ResourceScope } from './resource-scope.js';

let position = 0;
const event = (streamId: string, type: string, data: Record<string, unknown>, streamVersion = 1): StoredEvent =>
  ({ streamId, streamVersion, type, data, metadata: {}, schemaVersion: 1, position: ++position, recordedAt: new Date(0) }) as unknown as StoredEvent;
const at = 1_800_000_000_000;
const template = [
  event('template-T-1', 'TemplateCreated', {
    idTemplate: 'T-1', idDealer: 'D-AUCT', templateName: 'Rent-it', description: '', largeLogo: '', smallLogo: '', commercialInfoPhone: '',
    commercialInfoEmail: '', vatCode: 'IT01234567890', idMarket: 'IT', provenance: 'RENT-IT', by: 'admin', at,
  }),
  event('template-T-1', 'TemplateBuyerChanged', { idTemplate: 'T-1', idDealer: 'D-ON', flgEnabled: true, by: 'admin', at }, 2),
];
const scheduled = (idAuction: string) => event(`auction-${idAuction}`, 'AuctionScheduled', {
  idAuction, idOwner: 'auctioneer', idSellerDealer: 'D-AUCT', auctionName: 'Rent-it November', idMarket: 'IT', auctionType: 'ONLINE',
  startDate: new Date(at).toISOString(), endDate: new Date(at + 3_600_000).toISOString(), regulationRequired: false, windowSeconds: 60,
  extendSeconds: 60, lotIds: [`${idAuction}-1`], idTemplate: 'T-1',
});
const dealer = (idDealer: string): Actor => ({ idUser: `u-${idDealer}`, username: idDealer, roles: ['USER', 'BUYER'], idDealer, flgEnabled: true });
const staff: Actor = { idUser: 'admin', username: 'admin', roles: ['USER', 'ADMIN'], idDealer: null, flgEnabled: true, adminEnabledMarket: [...MARKETS] };

/** An index that knows the template; a log that holds `written` too, which the index has not seen. */
function world(written: StoredEvent[] = [], readStream?: (stream: string, options?: ReadStreamOptions) => Promise<StoredEvent[]>) {
  const model = new LiveReadModel();
  model.apply(template);
  const reads: string[] = [];
  const store = {
    readStream: readStream ?? (async (stream: string, options?: ReadStreamOptions) => {
      reads.push(stream);
      return written.filter((e) => e.streamId === stream && e.streamVersion <= (options?.toVersion ?? Infinity));
    }),
  };
  const sales = new SalesLookup(model, store);
  const scope = new ResourceScope(model, {} as DealerDirectory, {} as BlobStore, sales);
  return { model, scope, sales, reads };
}

const refusal = async (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => (error instanceof DomainError ? error.code : String(error)));

describe('the access guard on an index behind the log', () => {
  it('refuses an auction of a template the dealer is not enabled for, in the log but not yet in the index, as an unknown one', async () => {
    const { scope } = world([scheduled('A-1')]);
    expect(await refusal(scope.check(dealer('D-OFF'), { params: { idAuction: 'A-1', idLot: 'A-1-1' } }))).toBe(ERROR_CODES.AUCTION_NOT_FOUND);
    // Named in a body (a mobile call's): one check for every path.
    expect(await refusal(scope.check(dealer('D-OFF'), { body: { idAuction: 'A-1', offer: 5000 } }))).toBe(ERROR_CODES.AUCTION_NOT_FOUND);
    // The dealer enabled for the template, staff and the owner pass.
    expect(await refusal(scope.check(dealer('D-ON'), { params: { idAuction: 'A-1' } }))).toBeNull();
    expect(await refusal(scope.check(staff, { params: { idAuction: 'A-1' } }))).toBeNull();
    expect(await refusal(scope.check({ ...dealer('D-AUCT'), idUser: 'auctioneer', roles: ['USER', 'AUCTIONEER'] }, { params: { idAuction: 'A-1' } }))).toBeNull();
  });

  it('refuses an auction or lot that does not exist exactly as a hidden one, before any field is read; staff get the handler\'s answer', async () => {
    const { scope } = world([scheduled('A-2'), event('lot-A-2-1', 'LotAdded', { idLot: 'A-2-1' })]);
    const hidden = await refusal(scope.check(dealer('D-OFF'), { params: { idAuction: 'A-2', idLot: 'x' }, body: { offer: 'abc' } }));
    const missing = await refusal(scope.check(dealer('D-OFF'), { params: { idAuction: 'A-NONE', idLot: 'x' }, body: { offer: 'abc' } }));
    expect([hidden, missing]).toEqual([ERROR_CODES.AUCTION_NOT_FOUND, ERROR_CODES.AUCTION_NOT_FOUND]);
    // A lot that does not exist, in an auction the dealer sees: not found, as a hidden auction's lot would be.
    expect(await refusal(scope.check(dealer('D-ON'), { params: { idAuction: 'A-2', idLot: 'A-2-9' } }))).toBe(ERROR_CODES.LOT_NOT_FOUND);
    // A name of no id's shape names nothing: the request's validation answers (400), for hidden and missing alike.
    expect(await refusal(scope.check(dealer('D-OFF'), { params: { idAuction: 'bad.id' } }))).toBeNull();
    expect(await refusal(scope.check(staff, { params: { idAuction: 'A-NONE' } }))).toBeNull();
  });

  it('reads nothing of the log for an auction the index knows, once for the callers of one unknown id, a few at a time', async () => {
    const known = world();
    known.model.apply([scheduled('A-4')]);
    expect(await refusal(known.scope.check(dealer('D-ON'), { params: { idAuction: 'A-4' } }))).toBeNull();
    expect(await refusal(known.scope.check(dealer('D-OFF'), { params: { idAuction: 'A-4' } }))).toBe(ERROR_CODES.AUCTION_NOT_FOUND);
    expect(known.reads).toEqual([]);

    const same = world([scheduled('A-5')]);
    await Promise.all(Array.from({ length: 1_000 }, () => same.sales.auction('A-5')));
    expect(same.reads).toEqual(['auction-A-5']);

    let running = 0;
    let most = 0;
    const slow = world([], async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      return [];
    });
    await Promise.all(Array.from({ length: 200 }, (_v, i) => slow.sales.auction(`U-${i}`)));
    expect(most).toBe(LOOKUP_CONCURRENCY);
  });

  it('keeps calls naming one auction in the order they came, also when the index learns it while the first one reads', async () => {
    const auction = scheduled('A-7');
    let answer: () => void = () => undefined;
    const { model, scope } = world([], () => new Promise<StoredEvent[]>((resolve) => { answer = () => resolve([auction]); }));
    const passed: string[] = [];
    const first = scope.check(dealer('D-ON'), { params: { idAuction: 'A-7' } }).then(() => passed.push('first'));
    await new Promise((resolve) => setTimeout(resolve, 3));
    model.apply([auction]);
    // The second call comes after the index knows the auction: it still waits for the first one's read.
    const second = scope.check(dealer('D-ON'), { params: { idAuction: 'A-7' } }).then(() => passed.push('second'));
    await new Promise((resolve) => setTimeout(resolve, 3));
    expect(passed).toEqual([]);
    answer();
    await Promise.all([first, second]);
    expect(passed).toEqual(['first', 'second']);
  });

  it('under a flood, answers "not found" at once beyond its queue, and loses no slot to lookups whose time ran out', async () => {
    let hung = 0;
    const { sales } = world([scheduled('A-6')], async (stream) => {
      if (stream !== 'auction-A-6' && hung < LOOKUP_CONCURRENCY) {
        hung++;
        await new Promise((resolve) => setTimeout(resolve, 2_300));
        return [];
      }
      return [scheduled('A-6')];
    });
    const flood = Array.from({ length: LOOKUP_CONCURRENCY + LOOKUP_QUEUE }, (_v, i) => sales.auction(`F-${i}`));
    const started = Date.now();
    expect(await sales.auction('F-beyond')).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(50);
    expect(await Promise.all(flood)).toEqual(Array.from({ length: LOOKUP_CONCURRENCY + LOOKUP_QUEUE }, () => undefined));
    // The hung reads end; their slots go to no expired waiter, so the next lookup runs at once.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const next = Date.now();
    expect((await sales.auction('A-6'))?.status).toBe('SCH');
    expect(Date.now() - next).toBeLessThan(100);
  }, 10_000);

  it('counts an auction the log does not tell in time as not found: refused, not let through', async () => {
    const { scope } = world([], () => new Promise<StoredEvent[]>(() => undefined));
    const started = Date.now();
    expect(await refusal(scope.check(dealer('D-OFF'), { params: { idAuction: 'A-SILENT' } }))).toBe(ERROR_CODES.AUCTION_NOT_FOUND);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
  }, 10_000);
});

describe('LiveReadModel.waitFor', () => {
  it('leaves no waiter behind when it gives up', async () => {
    const model = new LiveReadModel();
    await Promise.all([model.waitFor(10, 20), model.waitFor(11, 20)]);
    expect(model.pendingWaiters).toBe(0);
  });
});
