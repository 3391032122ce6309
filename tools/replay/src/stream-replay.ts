import { PUBLIC_VIEWER, lotView } from '@auction/contracts';
import {
  kindOf, showcaseDataOf, toIso, type AuctionState, type DealerState, type LotState, type UserState, type VehicleState,
} from '@auction/domain';
import type { StoredEvent } from '@auction/event-store';

/** Where a replay stops: after a global position, or at an instant (events recorded up to it). */
export interface ReplayLimit {
  readonly toPosition?: number;
  readonly at?: Date;
}

/** One step of a replay: the event and the state after it. */
export interface ReplayStep {
  readonly version: number;
  readonly position: number;
  readonly recordedAt: string;
  readonly type: string;
  readonly state: Record<string, unknown>;
}

/** What an engineer wants to see of a state (lots as their contract view at the event's time). */
export function summarize(streamId: string, state: unknown, atMs: number): Record<string, unknown> {
  const kind = kindOf(streamId).prefix;
  if (kind === 'lot-') {
    const view = lotView(state as LotState, atMs, { ...PUBLIC_VIEWER, privileged: true });
    return view ?? { status: (state as LotState).status };
  }
  if (kind === 'auction-') {
    const a = state as AuctionState;
    if (a.status === 'NONE') return { status: 'NONE' };
    const d = a.data;
    return { status: a.status, auctionName: d.auctionName, startDate: d.startDate, endDate: d.endDate, lots: d.lotIds.length, regulationAccepted: Object.keys(d.acceptedRegulation).length };
  }
  if (kind === 'vehicle-') {
    const v = state as VehicleState;
    if (v.status === 'NONE') return { status: 'NONE' };
    // The showcase side (listing, my lots, hold) exists while listed and after a showcase sale only.
    const data = showcaseDataOf(v);
    const hold = data?.hold ? { holder: data.hold.idUser, kind: data.hold.kind, until: toIso(data.hold.untilMs) } : null;
    return {
      status: v.status, price: data?.listing.price ?? null, inMyLots: data?.inMyLotOf.length ?? 0, hold,
      buyer: v.status === 'SOLD' ? v.sale.idUser : null,
    };
  }
  if (kind === 'dealer-') {
    // Codes and ids only: the business data is beside the log (and erased by an anonymisation).
    const d = state as DealerState;
    if (d.status === 'NONE') return { status: 'NONE' };
    const capabilities = Object.entries(d.capabilities ?? {}).filter(([, on]) => on).map(([c]) => c).join(',');
    return { status: d.status, idDealer: d.data.idDealer, idMarket: d.data.idMarket, documents: d.data.documents.length, capabilities };
  }
  // By id: the username is not in the log (personal data, kept in the API's username claims), nor printed from old bodies.
  const u = state as UserState;
  return u.status === 'NONE' ? { status: 'NONE' } : { status: u.status, idUser: u.data.idUser, roles: u.data.roles.join(',') };
}

/** Folds a stream event by event up to the limit, with the state after each event. */
export function replayStream(streamId: string, events: readonly StoredEvent[], limit: ReplayLimit = {}): ReplayStep[] {
  const kind = kindOf(streamId);
  let state = kind.initialState;
  const steps: ReplayStep[] = [];
  for (const event of events) {
    if (limit.toPosition !== undefined && event.position > limit.toPosition) break;
    if (limit.at && event.recordedAt.getTime() > limit.at.getTime()) break;
    state = kind.evolve(state, { type: event.type, data: event.data });
    const atMs = limit.at?.getTime() ?? event.recordedAt.getTime();
    steps.push({ version: event.streamVersion, position: event.position, recordedAt: event.recordedAt.toISOString(), type: event.type, state: summarize(streamId, state, atMs) });
  }
  return steps;
}

const TABLE_FIELDS = ['status', 'awardStatus', 'bestOffer', 'offersCount', 'endDate', 'hold', 'buyer'];

/** A fixed-width table of replay steps. */
export function formatTable(steps: readonly ReplayStep[]): string {
  const fields = TABLE_FIELDS.filter((f) => steps.some((s) => f in s.state));
  const header = ['version', 'position', 'recordedAt', 'event', ...fields];
  const rows = steps.map((s) => [String(s.version), String(s.position), s.recordedAt, s.type, ...fields.map((f) => cell(s.state[f]))]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '-';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
