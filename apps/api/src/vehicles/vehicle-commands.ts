import { Inject, Injectable } from '@nestjs/common';
import { API_ERROR_CODES, type VehicleOutcome } from '@auction/contracts';
import {
  DomainError, decideVehicle, decideVehiclePlan, plateKey, streamId, takesHandOver, type Provenance, type UserState, type VehicleChange, type VehicleCommand,
  type VehicleDetails, type VehicleDocumentKind, type VehicleFileKind, type VehicleState,
} from '@auction/domain';
import type { z } from 'zod';
import type { Actor } from '../identity/actor.js';
import { AccessError } from '../platform/engine/access-error.js';
import { settleBounded } from '../platform/engine/bounded.js';
import { Consistency } from '../platform/engine/consistency.js';
import { derivedId, newId } from '../platform/engine/ids.js';
import type { StreamWriter } from '../platform/engine/stream-writer.js';
import { STREAM_WRITER } from '../platform/engine/tokens.js';
import { VehicleAccess } from './vehicle-access.js';
import { VehicleQueries } from './vehicle-queries.js';

/** The keys of a call: its Idempotency-Key (null without) and correlation id. */
export interface CallKeys {
  readonly idempotencyKey: string | null;
  readonly correlationId: string;
}

/** A vehicle to load: its provenance (code), data, photos (blob ids, in order) and documents. */
export interface VehicleToLoad {
  readonly provenance: string;
  readonly details: VehicleDetails;
  readonly photos?: readonly string[];
  readonly documents?: readonly { readonly idBlob: string; readonly kind: VehicleDocumentKind }[];
}

/** What happened to one vehicle of a multi-vehicle call. */
export type VehicleCallOutcome = z.infer<typeof VehicleOutcome>;

const IN_FLIGHT = 8;
/** Loads of one vehicle file appended at once. */
const IN_FLIGHT_LOADS = 32;

function conflict(code: number, message: string): AccessError {
  return new AccessError(409, code, message);
}

/**
 * The vehicle commands of the API: every change of a loaded vehicle goes through here, judged by {@link VehicleAccess}
 * on the vehicle's state in the command's turn, then by the decider. Exported by the vehicles module for the other
 * vehicle calls (uploads, files).
 */
@Injectable()
export class VehicleCommands {
  constructor(
    @Inject(STREAM_WRITER) private readonly writer: StreamWriter,
    private readonly access: VehicleAccess,
    private readonly queries: VehicleQueries,
    private readonly consistency: Consistency,
  ) {}

  /**
   * Loads a vehicle into a provenance of the caller's dealer (a LOADER; an ADMIN into any provenance of its markets), with
   * its photos and documents, in one append; answers its id. The same Idempotency-Key loads the same vehicle once.
   * Refused: unknown provenance 422220, another dealer's 403201, a plate or frame of a live vehicle 409210/409211.
   */
  async load(actor: Actor, v: VehicleToLoad, keys: CallKeys): Promise<string> {
    const provenance = this.provenanceToLoad(actor, v.provenance);
    const idVehicle = keys.idempotencyKey ? derivedId('vehicle', actor.idUser, keys.idempotencyKey) : newId();
    await this.assertUnique(v.details, idVehicle);
    return this.append(actor, provenance, idVehicle, v, keys);
  }

  /**
   * Loads many vehicles of one provenance at once (a vehicle file), each as {@link load} would with its own key: the
   * duplicate check is one query for all, and {@link IN_FLIGHT_LOADS} appends run at a time (sharing the store's group
   * commits). Settles per vehicle, in order: a refused one (409210/409211) leaves the others loaded.
   */
  async loadMany(actor: Actor, provenanceCode: string, vehicles: readonly { v: Omit<VehicleToLoad, 'provenance'>; idempotencyKey: string }[], correlationId: string): Promise<PromiseSettledResult<string>[]> {
    const provenance = this.provenanceToLoad(actor, provenanceCode);
    const ids = vehicles.map((x) => derivedId('vehicle', actor.idUser, x.idempotencyKey));
    const plates = vehicles.map((x) => plateKey(String(x.v.details.licensePlate)));
    const frames = vehicles.map((x) => String(x.v.details.frame).normalize('NFKC').replace(/\s/g, '').toUpperCase());
    await this.consistency.caughtUp();
    const others = await this.queries.liveAmong(plates, frames, ids);
    const takenPlates = new Set(others.map((o) => o.licensePlate));
    const takenFrames = new Set(others.map((o) => o.frame));
    return settleBounded(vehicles.map((x, i) => ({ x, i })), IN_FLIGHT_LOADS, async ({ x, i }) => {
      if (takenPlates.has(plates[i]!)) throw conflict(API_ERROR_CODES.VEHICLE_DUPLICATE_PLATE, `another vehicle has the licence plate ${plates[i]}`);
      if (takenFrames.has(frames[i]!)) throw conflict(API_ERROR_CODES.VEHICLE_DUPLICATE_FRAME, `another vehicle has the frame ${frames[i]}`);
      return this.append(actor, provenance, ids[i]!, { ...x.v, provenance: provenance.code }, { idempotencyKey: x.idempotencyKey, correlationId });
    });
  }

  /** Appends a new vehicle's load with its files (nothing when the stream exists already: a retry). */
  private async append(actor: Actor, provenance: Provenance, idVehicle: string, v: VehicleToLoad, keys: CallKeys): Promise<string> {
    const sid = streamId.vehicle(idVehicle);
    const outcome = await this.writer.execute({
      streams: [sid], actor: { idUser: actor.idUser, roles: actor.roles },
      metadata: { userId: actor.idUser, idempotencyKey: keys.idempotencyKey ?? undefined, correlationId: keys.correlationId },
      decide: (view, now) => {
        const state = view.state<VehicleState>(sid);
        if (state.status !== 'NONE') return [];
        const commands: VehicleCommand[] = [
          { type: 'LoadVehicle', idVehicle, idLoader: actor.idUser, provenance: provenance.code, details: v.details, now },
          ...(v.photos ?? []).map((idBlob): VehicleCommand => ({ type: 'AttachVehicleFile', idBlob, kind: 'PHOTO' })),
          ...(v.documents ?? []).map((d): VehicleCommand => ({ type: 'AttachVehicleFile', idBlob: d.idBlob, kind: d.kind })),
        ];
        return [{ streamId: sid, events: decideVehiclePlan(commands, state) }];
      },
      reply: () => idVehicle,
    });
    this.consistency.noteWrite(outcome);
    return outcome.reply;
  }

  /**
   * The provenance the actor may load vehicles into (a LOADER of its dealer; an ADMIN of its market): unknown 422220,
   * another dealer's 403201. The vehicle uploads ask it before reading a file, so a refused load is refused up front.
   */
  provenanceToLoad(actor: Actor, code: string): Provenance {
    const provenance = this.access.provenance(code);
    if (!provenance) throw new AccessError(422, API_ERROR_CODES.PROVENANCE_UNKNOWN, `no provenance ${code}`, [{ field: 'provenance', rule: 'unknown' }]);
    const admin = actor.roles.includes('ADMIN') && (actor.adminEnabledMarket ?? []).includes(provenance.idMarket);
    const loader = actor.roles.includes('LOADER') && actor.idDealer === provenance.idDealer;
    if (actor.readOnly || !(admin || loader)) {
      throw new AccessError(403, API_ERROR_CODES.VEHICLE_PROVENANCE_FORBIDDEN, 'vehicles are loaded into a provenance of your own dealer');
    }
    return provenance;
  }

  /** Changes a vehicle's data (the fields given); a plate or frame of another live vehicle is 409210/409211. */
  async edit(actor: Actor, idVehicle: string, changes: Partial<VehicleDetails>, keys: CallKeys): Promise<void> {
    await this.consistency.caughtUp();
    await this.access.visible(actor, idVehicle);
    await this.assertUnique(changes, idVehicle);
    await this.one(actor, idVehicle, 'edit', keys, (now) => ({ type: 'EditVehicle', changes, now }));
  }

  /** Attaches a file (a photo or a document blob) to a vehicle. */
  attachFile(actor: Actor, idVehicle: string, idBlob: string, kind: VehicleFileKind, keys: CallKeys): Promise<void> {
    return this.one(actor, idVehicle, 'files', keys, () => ({ type: 'AttachVehicleFile', idBlob, kind }));
  }

  /** Removes a file from a vehicle. */
  removeFile(actor: Actor, idVehicle: string, idBlob: string, keys: CallKeys): Promise<void> {
    return this.one(actor, idVehicle, 'files', keys, () => ({ type: 'RemoveVehicleFile', idBlob }));
  }

  /** Puts a vehicle's photos in a new order (every photo once). */
  reorderPhotos(actor: Actor, idVehicle: string, idBlobs: readonly string[], keys: CallKeys): Promise<void> {
    return this.one(actor, idVehicle, 'files', keys, () => ({ type: 'ReorderVehiclePhotos', idBlobs }));
  }

  /** Publishes or unpublishes vehicles: an outcome per vehicle. */
  setPublished(actor: Actor, ids: readonly string[], published: boolean, keys: CallKeys): Promise<VehicleCallOutcome[]> {
    return this.many(ids, (id) => this.one(actor, id, 'publish', keys, () => ({ type: published ? 'PublishVehicle' : 'UnpublishVehicle' })));
  }

  /** Hands vehicles held by their loaders to `idUser`, an AUCTIONEER of the provenance's dealer (else 422221). */
  sendToSup(actor: Actor, ids: readonly string[], idUser: string, keys: CallKeys): Promise<VehicleCallOutcome[]> {
    return this.many(ids, (id) => this.one(actor, id, 'sendToSup', keys, () => ({ type: 'SendToSup', idSuperior: idUser }), idUser));
  }

  /** Hands vehicles a superior holds to `idUser`, a MULTI_AUCTIONEER (else 422221). */
  sendToMultiAuctioneer(actor: Actor, ids: readonly string[], idUser: string, keys: CallKeys): Promise<VehicleCallOutcome[]> {
    return this.many(ids, (id) => this.one(actor, id, 'sendToMultiAuctioneer', keys, () => ({ type: 'SendToMultiAuctioneer', idMultiAuctioneer: idUser }), idUser));
  }

  /** Sends vehicles back to their loaders. */
  sendBack(actor: Actor, ids: readonly string[], keys: CallKeys): Promise<VehicleCallOutcome[]> {
    return this.many(ids, (id) => this.one(actor, id, 'sendBack', keys, () => ({ type: 'SendBack' })));
  }

  /** 409210/409211 when a vehicle not sold nor withdrawn (other than `idVehicle`) has the plate or frame. */
  private async assertUnique(d: Partial<VehicleDetails>, idVehicle: string): Promise<void> {
    const plate = d.licensePlate !== undefined ? plateKey(String(d.licensePlate)) : undefined;
    const frame = d.frame !== undefined ? String(d.frame).normalize('NFKC').replace(/\s/g, '').toUpperCase() : undefined;
    if (plate === undefined && frame === undefined) return;
    await this.consistency.caughtUp();
    const others = await this.queries.live(plate, frame, idVehicle);
    if (plate !== undefined && others.some((o) => o.licensePlate === plate)) {
      throw conflict(API_ERROR_CODES.VEHICLE_DUPLICATE_PLATE, `another vehicle has the licence plate ${plate}`);
    }
    if (frame !== undefined && others.some((o) => o.frame === frame)) {
      throw conflict(API_ERROR_CODES.VEHICLE_DUPLICATE_FRAME, `another vehicle has the frame ${frame}`);
    }
  }

  /** One command on one vehicle, judged in its turn; `target` names a user the vehicle goes to (read in the same turn). */
  private async one(actor: Actor, idVehicle: string, change: VehicleChange, keys: CallKeys, command: (now: number) => VehicleCommand, target?: string): Promise<void> {
    const sid = streamId.vehicle(idVehicle);
    const tid = target ? streamId.user(target) : null;
    const outcome = await this.writer.execute({
      streams: tid ? [sid, tid] : [sid], actor: { idUser: actor.idUser, roles: actor.roles },
      metadata: { userId: actor.idUser, idempotencyKey: keys.idempotencyKey ?? undefined, correlationId: keys.correlationId },
      decide: (view, now) => {
        const state = view.state<VehicleState>(sid);
        this.access.assertMayChangeState(actor, state, change);
        if (tid) this.assertTarget(view.state<UserState>(tid), state, change);
        return [{ streamId: sid, events: decideVehicle(command(now), state) }];
      },
      reply: () => undefined,
    });
    this.consistency.noteWrite(outcome);
  }

  /** The user a vehicle goes to: an enabled AUCTIONEER of the provenance's dealer (sendToSup), a MULTI_AUCTIONEER. */
  private assertTarget(user: UserState, vehicle: VehicleState, change: VehicleChange): void {
    const record = vehicle.status === 'NONE' ? null : vehicle.record;
    const provenance = record ? this.access.provenance(record.provenance) : undefined;
    const ok = user.status === 'ACTIVE' && (change === 'sendToSup' || change === 'sendToMultiAuctioneer') && takesHandOver(user.data, change, provenance);
    if (!ok) {
      throw new AccessError(422, API_ERROR_CODES.VEHICLE_HANDOVER_TARGET_INVALID, 'this user cannot take the vehicle', [{ field: 'idUser', rule: 'role' }]);
    }
  }

  /** Runs `work` per vehicle, a few at a time: an outcome per vehicle; when every one failed, the first error. */
  private async many(ids: readonly string[], work: (id: string) => Promise<void>): Promise<VehicleCallOutcome[]> {
    const settled = await settleBounded(ids, IN_FLIGHT, work);
    let first: unknown = null;
    const out = settled.map((s, i): VehicleCallOutcome => {
      if (s.status === 'fulfilled') return { idVehicle: ids[i]!, ok: true };
      const e = s.reason as { code?: unknown; message?: string };
      if (!(s.reason instanceof DomainError) && !(s.reason instanceof AccessError)) throw s.reason;
      first ??= s.reason;
      return { idVehicle: ids[i]!, ok: false, errorCode: Number(e.code), errorMsg: String(e.message) };
    });
    if (first && out.every((o) => !o.ok)) throw first;
    return out;
  }
}
