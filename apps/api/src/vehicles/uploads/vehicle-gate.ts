import { Inject, Injectable } from '@nestjs/common';
import { decideVehicle, streamId, type VehicleFileKind, type VehicleState } from '@auction/domain';
import type { Actor } from '../../identity/actor.js';
import type { StreamWriter } from '../../platform/engine/stream-writer.js';
import { STREAM_WRITER } from '../../platform/engine/tokens.js';
import { VehicleAccess, factsOfState } from '../vehicle-access.js';
import { VehicleCommands, type CallKeys, type VehicleToLoad } from '../vehicle-commands.js';

/**
 * What the uploads need of the vehicles context, and nothing of their own: who may load into a provenance and the
 * load itself (`VehicleCommands`: one command path for vehicles), and who may see a vehicle (`VehicleAccess`: one rule),
 * judged on the vehicle's current state.
 */
@Injectable()
export class VehicleGate {
  constructor(
    @Inject(STREAM_WRITER) private readonly writer: StreamWriter,
    private readonly commands: VehicleCommands,
    private readonly access: VehicleAccess,
  ) {}

  /** The provenance's code when the actor may load into it; else the vehicles context's refusal (422220, 403201). */
  provenanceToLoad(actor: Actor, code: string): string {
    return this.commands.provenanceToLoad(actor, code).code;
  }

  /** True when the actor may see the vehicle in `state` (and so its files). */
  async shows(actor: Actor, state: VehicleState): Promise<boolean> {
    const facts = factsOfState(state);
    return facts !== null && this.access.showsNow(actor, facts);
  }

  /** A vehicle's current state by id. */
  state(idVehicle: string): Promise<VehicleState> {
    return this.writer.read<VehicleState>(streamId.vehicle(idVehicle));
  }

  /**
   * Throws unless `attach` of a `kind` file to the vehicle would pass now: who may (`VehicleAccess`: 404200, 403200) and
   * the decider's own rules (in stock 409201..., at most so many photos or documents 422210/422211), judged on its current
   * state with a file it cannot have. Asked before an upload's body is read, so a refused call stores nothing; the attach
   * itself judges again in its turn.
   */
  async assertMayAttach(actor: Actor, idVehicle: string, kind: VehicleFileKind): Promise<VehicleState> {
    const state = await this.state(idVehicle);
    this.access.assertMayChangeState(actor, state, 'files');
    decideVehicle({ type: 'AttachVehicleFile', idBlob: '\u0000not-a-file', kind }, state);
    return state;
  }

  /** Attaches a stored file to a saved vehicle (`VehicleCommands`: the rule and the decider in the command's turn). */
  attach(actor: Actor, idVehicle: string, idBlob: string, kind: VehicleFileKind, keys: CallKeys): Promise<void> {
    return this.commands.attachFile(actor, idVehicle, idBlob, kind, keys);
  }

  /** Removes a file from a saved vehicle (a file it does not have: no change). */
  remove(actor: Actor, idVehicle: string, idBlob: string, keys: CallKeys): Promise<void> {
    return this.commands.removeFile(actor, idVehicle, idBlob, keys);
  }

  /** Puts a saved vehicle's photos in a new order. */
  reorder(actor: Actor, idVehicle: string, idBlobs: readonly string[], keys: CallKeys): Promise<void> {
    return this.commands.reorderPhotos(actor, idVehicle, idBlobs, keys);
  }

  /** Loads the vehicles of a batch with their files, one append each, settled per vehicle; the same key loads one once. */
  loadMany(
    actor: Actor, provenance: string, vehicles: readonly { v: Omit<VehicleToLoad, 'provenance'>; idempotencyKey: string }[], correlationId: string,
  ): Promise<PromiseSettledResult<string>[]> {
    return this.commands.loadMany(actor, provenance, vehicles, correlationId);
  }
}
