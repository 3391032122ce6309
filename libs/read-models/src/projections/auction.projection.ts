import type { AuctionDefinition, AuctionEvent } from '@auction/domain';
import type { StoredEvent } from '@auction/event-store';
import type { AuctionRow, RegulationRow } from '../rows.js';
import { domainEventOf, iso } from './event-data.js';

function definitionFields(def: AuctionDefinition): Omit<AuctionRow, 'idAuction' | 'idOwner' | 'status' | 'createdPosition' | 'message' | 'idFileMessage' | 'idTemplate'> {
  return {
    auctionName: def.auctionName, idMarket: def.idMarket, auctionType: def.auctionType, startDate: def.startDate,
    endDate: def.endDate, startAt: iso(def.startDate), endAt: iso(def.endDate), regulationRequired: def.regulationRequired,
    windowSeconds: def.windowSeconds, extendSeconds: def.extendSeconds, lotIds: [...def.lotIds],
  };
}

/**
 * The auction row after one event of its stream, as `evolveAuction` folds it: scheduled, edited, deleted,
 * started, end moved, closed, awarded, reopened. Other events leave the row as it is. Pure.
 */
export function projectAuction(row: AuctionRow | undefined, event: StoredEvent): AuctionRow | undefined {
  const e = domainEventOf<AuctionEvent>(event);
  if (e.type === 'AuctionScheduled') {
    const { idAuction, idOwner, ...def } = e.data;
    return { idAuction, idOwner, status: 'SCH', ...definitionFields(def), createdPosition: row?.createdPosition ?? event.position, message: null, idFileMessage: null, idTemplate: def.idTemplate ?? null };
  }
  if (!row) return row;
  switch (e.type) {
    case 'AuctionEdited': {
      const { idAuction: _id, ...def } = e.data;
      // An edit naming no template keeps the auction's (as evolveAuction does).
      return { ...row, ...definitionFields(def), idTemplate: def.idTemplate !== undefined ? def.idTemplate ?? null : row.idTemplate ?? null };
    }
    case 'AuctionDeleted':
      return { ...row, status: 'DELETED' };
    case 'AuctionStarted':
      return row.status === 'SCH' ? { ...row, status: 'RUN' } : row;
    case 'AuctionEndRescheduled':
      return { ...row, endDate: e.data.endDate, endAt: iso(e.data.endDate) };
    case 'AuctionMessageSet':
      return { ...row, message: e.data.message };
    case 'AuctionFileMessageSet':
      return { ...row, idFileMessage: e.data.idFile };
    case 'AuctionClosed':
      return row.status === 'DELETED' ? row : { ...row, status: 'CLD' };
    case 'AuctionAwarded':
      return row.status === 'DELETED' ? row : { ...row, status: 'AWA' };
    case 'AuctionAwardReopened':
      return row.status === 'AWA' ? { ...row, status: 'CLD' } : row;
    default:
      // RegulationAccepted has its own table; a type this code does not know (from a newer writer) is ignored.
      return row;
  }
}

/**
 * A dealer's acceptance of an auction's regulation (`RegulationAccepted`), recorded only for an existing
 * auction, as `evolveAuction` does. Pure.
 */
export function projectAuctionRegulation(
  row: RegulationRow | undefined, event: StoredEvent, auction: AuctionRow | undefined,
): RegulationRow | undefined {
  const e = domainEventOf<AuctionEvent>(event);
  if (e.type !== 'RegulationAccepted' || !auction || row) return row;
  return { kind: 'AUCTION', idScope: e.data.idAuction, idUser: e.data.idUser, acceptedPosition: event.position };
}
