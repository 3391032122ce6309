import { Injectable } from '@nestjs/common';
import { decideVehiclePlan, recordOf, streamId, type VehicleCommand, type VehicleState } from '@auction/domain';
import type { Actor } from '../identity/actor.js';
import type { LotVehicleData, LotVehiclePlacement, LotVehicleSlot, LotVehicles } from '../platform/engine/lot-vehicles.js';
import type { Decision, StreamView } from '../platform/engine/stream-writer.js';
import { AccessError } from '../platform/engine/access-error.js';
import { VehicleAccess } from './vehicle-access.js';
import { VehicleReads } from './vehicle-reads.js';

/**
 * The vehicles of auction lots in an auction's create, edit or delete ({@link LotVehicles}): who may put a vehicle in an
 * auction is the vehicles' one rule (`mayChangeVehicle`, change `auction`), judged on the vehicle's state in the
 * command's turn; what the vehicle's state allows is its decider's (`PutInAuction`, `ReturnToStock`).
 */
@Injectable()
export class VehicleLots implements LotVehicles {
  constructor(private readonly access: VehicleAccess, private readonly reads: VehicleReads) {}

  decide(actor: Actor, view: StreamView, place: readonly LotVehiclePlacement[], release: readonly LotVehicleSlot[]) {
    const commands = new Map<string, VehicleCommand[]>();
    const add = (idVehicle: string, c: VehicleCommand) => commands.set(idVehicle, [...(commands.get(idVehicle) ?? []), c]);
    for (const s of release) add(s.idVehicle, { type: 'ReturnToStock', idAuction: s.idAuction, idLot: s.idLot, reason: 'LOT_WITHDRAWN' });
    const data = new Map<string, LotVehicleData>();
    for (const s of place) {
      const state = view.state<VehicleState>(streamId.vehicle(s.idVehicle));
      // A vehicle kept in its lot by an edit was judged when it was put there.
      const kept = state.status === 'IN_AUCTION' && state.auction.idAuction === s.idAuction && state.auction.idLot === s.idLot;
      if (!kept) this.access.assertMayPlace(actor, state, 'auction', s.idMarket);
      // Its market is the auction's still (an edit may change the auction's market).
      else this.access.assertSellsIn(state, s.idMarket);
      const record = recordOf(state)!;
      const { licensePlate, frame, brand, model, firstRegistration, mileageKm, fuel } = record.details;
      data.set(s.idVehicle, { licensePlate, frame, brand, model, idCoverPhoto: record.photos[0] ?? null, firstRegistration, mileageKm, fuel });
      add(s.idVehicle, { type: 'PutInAuction', idAuction: s.idAuction, idLot: s.idLot });
    }
    const decisions: Decision[] = [...commands].map(([idVehicle, list]) => {
      const sid = streamId.vehicle(idVehicle);
      return { streamId: sid, events: decideVehiclePlan(list, view.state<VehicleState>(sid)) };
    });
    return { decisions, data };
  }

  async detail(actor: Actor, idVehicle: string) {
    const sheet = await this.reads.sheet(actor, idVehicle).catch((error: unknown) => {
      if (error instanceof AccessError && error.httpStatus === 404) return null;
      throw error;
    });
    return sheet && { vehicle: sheet, idPhotos: [...sheet.photos], idDocuments: sheet.documents.map((d) => d.idBlob) };
  }
}
