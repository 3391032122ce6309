import { Inject, Injectable } from '@nestjs/common';
import { streamId, type VehicleState } from '@auction/domain';
import type { Actor } from '../../identity/actor.js';
import type { StreamWriter } from '../../platform/engine/stream-writer.js';
import { STREAM_WRITER } from '../../platform/engine/tokens.js';
import { VehicleAccess, factsOfState } from '../vehicle-access.js';
import { VehicleCommands, type VehicleToLoad } from '../vehicle-commands.js';

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
  shows(actor: Actor, state: VehicleState): boolean {
    const facts = factsOfState(state);
    return facts !== null && this.access.shows(actor, facts);
  }

  /** A vehicle's current state by id. */
  state(idVehicle: string): Promise<VehicleState> {
    return this.writer.read<VehicleState>(streamId.vehicle(idVehicle));
  }

  /** Loads the vehicles of a batch with their files, one append each, settled per vehicle; the same key loads one once. */
  loadMany(
    actor: Actor, provenance: string, vehicles: readonly { v: Omit<VehicleToLoad, 'provenance'>; idempotencyKey: string }[], correlationId: string,
  ): Promise<PromiseSettledResult<string>[]> {
    return this.commands.loadMany(actor, provenance, vehicles, correlationId);
  }
}
