import { describe, expect, it } from 'vitest';
import type { AuctionEvent } from '@auction/domain';
import type { AuctionRow } from '../rows.js';
import { fold, stored } from '../testing/stored.test-support.js';
import { projectAuction, projectAuctionRegulation } from './auction.projection.js';

const SID = 'auction-a1';
const def = {
  auctionName: 'Week 47', idMarket: 'IT', auctionType: 'OTH' as const, startDate: '2026-11-21T09:00:00Z', endDate: '2026-11-21T10:00:00+01:00',
  regulationRequired: true, windowSeconds: 60, extendSeconds: 30, lotIds: ['l1', 'l2'],
};
const ev = (e: AuctionEvent) => stored(SID, e);
const scheduled = () => ev({ type: 'AuctionScheduled', data: { ...def, idAuction: 'a1', idOwner: 'owner' } });
const started = () => ev({ type: 'AuctionStarted', data: { idAuction: 'a1', startedAt: '2026-11-21T09:00:00.000Z' } });
const closed = () => ev({ type: 'AuctionClosed', data: { idAuction: 'a1', closedAt: '2026-11-21T10:00:00.000Z' } });
const awarded = () => ev({ type: 'AuctionAwarded', data: { idAuction: 'a1', awardedAt: '2026-11-21T10:30:00.000Z' } });
const reopened = () => ev({ type: 'AuctionAwardReopened', data: { idAuction: 'a1' } });
const auctionOf = (...events: ReturnType<typeof ev>[]) => fold<AuctionRow>(projectAuction, events);

describe('projectAuction', () => {
  it('keeps the dates as written and their instants normalized', () => {
    const first = scheduled();
    expect(projectAuction(undefined, first)).toEqual({
      idAuction: 'a1', idOwner: 'owner', status: 'SCH', auctionName: 'Week 47', idMarket: 'IT', auctionType: 'OTH',
      startDate: '2026-11-21T09:00:00Z', endDate: '2026-11-21T10:00:00+01:00', startAt: '2026-11-21T09:00:00.000Z',
      endAt: '2026-11-21T09:00:00.000Z', regulationRequired: true, windowSeconds: 60, extendSeconds: 30, lotIds: ['l1', 'l2'],
      createdPosition: first.position, message: null, idFileMessage: null, idTemplate: null,
    });
  });

  it('runs, closes, awards and reopens', () => {
    expect(auctionOf(scheduled(), started())?.status).toBe('RUN');
    expect(auctionOf(scheduled(), started(), closed())?.status).toBe('CLD');
    expect(auctionOf(scheduled(), started(), closed(), awarded())?.status).toBe('AWA');
    expect(auctionOf(scheduled(), started(), closed(), awarded(), reopened())?.status).toBe('CLD');
    expect(auctionOf(scheduled(), started(), reopened())?.status).toBe('RUN');
  });

  it('a start repeated or after the close changes nothing', () => {
    expect(auctionOf(scheduled(), started(), closed(), started())?.status).toBe('CLD');
  });

  it('edits the definition and moves the end', () => {
    const row = auctionOf(scheduled(), ev({ type: 'AuctionEdited', data: { ...def, idAuction: 'a1', auctionName: 'Renamed', lotIds: ['l1'] } }),
      ev({ type: 'AuctionEndRescheduled', data: { idAuction: 'a1', endDate: '2026-11-21T11:00:00Z' } }));
    expect(row).toMatchObject({ auctionName: 'Renamed', lotIds: ['l1'], endDate: '2026-11-21T11:00:00Z', endAt: '2026-11-21T11:00:00.000Z', status: 'SCH' });
  });

  it('a deleted auction stays deleted', () => {
    const deleted = auctionOf(scheduled(), ev({ type: 'AuctionDeleted', data: { idAuction: 'a1' } }));
    expect(deleted?.status).toBe('DELETED');
    expect(projectAuction(deleted, closed())?.status).toBe('DELETED');
    expect(projectAuction(deleted, awarded())?.status).toBe('DELETED');
  });

  it('keeps the auction\'s message to dealers, and clears it', () => {
    const withMessage = projectAuction(auctionOf(scheduled()), ev({ type: 'AuctionMessageSet', data: { idAuction: 'a1', message: 'Hello' } }));
    expect(withMessage).toMatchObject({ idAuction: 'a1', auctionName: expect.any(String), message: 'Hello' });
    expect(projectAuction(withMessage, ev({ type: 'AuctionMessageSet', data: { idAuction: 'a1', message: null } }))?.message).toBeNull();
    const withFile = projectAuction(withMessage, ev({ type: 'AuctionFileMessageSet', data: { idAuction: 'a1', idFile: 'f1' } }));
    expect(withFile).toMatchObject({ message: 'Hello', idFileMessage: 'f1' });
    expect(projectAuction(withFile, ev({ type: 'AuctionFileMessageSet', data: { idAuction: 'a1', idFile: null } }))?.idFileMessage).toBeNull();
  });

  it('ignores events of an auction it never saw, and unknown types', () => {
    expect(projectAuction(undefined, started())).toBeUndefined();
    const row = auctionOf(scheduled());
    expect(projectAuction(row, stored(SID, { type: 'AuctionPainted', data: {} }))).toBe(row);
  });
});

describe('projectAuctionRegulation', () => {
  const accepted = () => ev({ type: 'RegulationAccepted', data: { idAuction: 'a1', idUser: 'd1' } });
  it('records an acceptance of an existing auction once', () => {
    const auction = auctionOf(scheduled());
    const e = accepted();
    const row = projectAuctionRegulation(undefined, e, auction);
    expect(row).toEqual({ kind: 'AUCTION', idScope: 'a1', idUser: 'd1', acceptedPosition: e.position });
    expect(projectAuctionRegulation(row, accepted(), auction)).toBe(row);
  });
  it('needs the auction', () => {
    expect(projectAuctionRegulation(undefined, accepted(), undefined)).toBeUndefined();
  });
});
