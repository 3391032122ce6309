import { Inject, Injectable } from '@nestjs/common';
import { API_ERROR_CODES } from '@auction/contracts';
import {
  decideVehicle, evolveVehicle, streamId, type VehicleCommand, type VehicleDetails, type VehicleDocumentKind, type VehicleEvent,
  type VehicleState,
} from '@auction/domain';
import { hasRole, type Actor } from '../../identity/actor.js';
import { derivedId } from '../../platform/engine/ids.js';
import type { StreamWriter } from '../../platform/engine/stream-writer.js';
import { STREAM_WRITER } from '../../platform/engine/tokens.js';
import { UploadRefusal } from './upload-refusal.js';

/** A vehicle to load with its files. */
export interface VehicleToLoad {
  readonly provenance: string;
  readonly details: VehicleDetails;
  readonly photos: readonly string[];
  readonly documents: readonly { readonly idBlob: string; readonly kind: VehicleDocumentKind }[];
}

/**
 * What the uploads need of the vehicles context: who may load into a provenance, who may see a vehicle (its files),
 * and loading one. INTERIM: written before the vehicles context's own rule and commands landed; to be replaced by
 * them (`VehicleAccess`, `VehicleCommands.load`), so there is one rule and one command path.
 */
@Injectable()
export class VehicleGate {
  constructor(@Inject(STREAM_WRITER) private readonly writer: StreamWriter) {}

  /** Loaders load (and the back office); the provenance's own check comes with the vehicles context. */
  assertMayLoad(actor: Actor, provenance: string): void {
    if (actor.readOnly || !hasRole(actor, ['LOADER', 'ADMIN']) || provenance.trim() === '') {
      throw new UploadRefusal(422, API_ERROR_CODES.VEHICLE_UPLOAD_PROVENANCE_REFUSED, 'you cannot load vehicles into this provenance', [{ field: 'provenance', rule: 'refused' }]);
    }
  }

  /** The back office, the loader, and anyone for a published vehicle in an auction or a showcase. */
  shows(actor: Actor, state: VehicleState): boolean {
    if (state.status === 'NONE') return false;
    if (hasRole(actor, ['ADMIN', 'CUSTOMER_CENTER'])) return true;
    const record = state.record;
    if (!record) return state.status === 'LISTED';
    if (record.idLoader === actor.idUser || record.holder.idUser === actor.idUser) return true;
    return record.published && (state.status === 'IN_AUCTION' || state.status === 'LISTED');
  }

  /** A vehicle's state by id. */
  state(idVehicle: string): Promise<VehicleState> {
    return this.writer.read<VehicleState>(streamId.vehicle(idVehicle));
  }

  /** Loads a vehicle with its files in one append; the same key loads it once. */
  async load(actor: Actor, v: VehicleToLoad, keys: { idempotencyKey: string; correlationId: string }): Promise<string> {
    this.assertMayLoad(actor, v.provenance);
    const idVehicle = derivedId('vehicle', actor.idUser, keys.idempotencyKey);
    const sid = streamId.vehicle(idVehicle);
    const outcome = await this.writer.execute({
      streams: [sid], actor: { idUser: actor.idUser, roles: actor.roles },
      metadata: { userId: actor.idUser, idempotencyKey: keys.idempotencyKey, correlationId: keys.correlationId },
      decide: (view, now) => {
        let state = view.state<VehicleState>(sid);
        if (state.status !== 'NONE') return [];
        const commands: VehicleCommand[] = [
          { type: 'LoadVehicle', idVehicle, idLoader: actor.idUser, provenance: v.provenance, details: v.details, now },
          ...v.photos.map((idBlob): VehicleCommand => ({ type: 'AttachVehicleFile', idBlob, kind: 'PHOTO' })),
          ...v.documents.map((d): VehicleCommand => ({ type: 'AttachVehicleFile', idBlob: d.idBlob, kind: d.kind })),
        ];
        const events: VehicleEvent[] = [];
        for (const c of commands) {
          const made = decideVehicle(c, state);
          for (const e of made) state = evolveVehicle(state, e);
          events.push(...made);
        }
        return [{ streamId: sid, events }];
      },
      reply: () => idVehicle,
    });
    return outcome.reply;
  }
}
