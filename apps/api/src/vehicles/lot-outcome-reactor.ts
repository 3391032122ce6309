import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import {
  DomainError, LOT, VEHICLE, decideVehiclePlan, lotOutcomeOf, lotPlaceAfter, lotPlaceOf, streamId, vehicleCommandsForLot,
  type AuctionSlot, type LotOutcome, type LotState, type VehicleEvent, type VehicleLotPlace, type VehicleState,
} from '@auction/domain';
import type { StoredEvent } from '@auction/event-store';
import type { CheckpointStore } from '@auction/messaging';
import { Consistency } from '../platform/engine/consistency.js';
import { crashPoint } from '../platform/engine/crash-point.js';
import { LiveReadModel } from '../platform/engine/live-read-model.js';
import type { StreamWriter } from '../platform/engine/stream-writer.js';
import { CLOCK, FANOUT, STREAM_WRITER, type Clock } from '../platform/engine/tokens.js';
import { upcast } from '../platform/engine/upcasters.js';
import type { Fanout } from '../platform/fanout/fanout.js';
import { SqlCheckpointStore } from '../platform/fanout/sql-checkpoint-store.js';

const RETRY_MS = 1000;
/** The checkpoint's name (`fanout_checkpoints`, beside the relay's) and how often it is written when it moved. */
export const LOT_OUTCOMES_CHECKPOINT = 'lot-outcomes';
const CHECKPOINT_EVERY_MS = 2000;
const ELSEWHERE: VehicleLotPlace = { status: 'ELSEWHERE' };
const SYSTEM = { userId: 'system' };

/**
 * The process manager that moves a lot's vehicle when the lot's outcome is known, outside the offer's and the award's
 * request paths: unsold or not awarded, back in stock (UNSOLD, NOT_AWARDED); withdrawn, back in stock (LOT_WITHDRAWN,
 * normally done by the edit or delete itself); awarded or bought now, sold (`SellInAuction`); an award reverted, the sale
 * reverted. The rule is the domain's `vehicleCommandsForLot`, from the lot's outcome and where the vehicle is.
 *
 * It follows the log through the engine's index (as the transition scheduler does): each lot event leads to a check of
 * that lot, and vehicle events keep a small map of where each vehicle is (`lotPlaceAfter`), so a check costs nothing
 * when the vehicle is where its lot says. The command is decided in the writer's turn on the lot's and the vehicle's
 * true states, so an event seen twice, a check on two instances, or a restart changes nothing more.
 *
 * A checkpoint (`lot-outcomes` in `fanout_checkpoints`) keeps the position up to which every lot event has been handled:
 * checked with nothing to do, or its command settled (written, or refused by the domain). A command in flight or
 * waiting for a retry holds it back. On start (the index rebuilt from position 0), {@link start} checks only the lots
 * with an event after it, so a crash between a lot's outcome and the vehicle's move is repaired then, and a restart does
 * not re-check the whole history. Two instances may both write it (the highest stays): each handles every lot itself.
 */
@Injectable()
export class LotOutcomeReactor implements OnApplicationShutdown {
  private readonly logger = new Logger('LotOutcomes');
  private readonly places = new Map<string, VehicleLotPlace>();
  /**
   * Lots with a vehicle that had an offer: the index folds lots without their offers (the offer path pays nothing
   * for it), so this tells a lot closed without an offer (unsold) from one waiting for its award.
   */
  private readonly offered = new Set<string>();
  /** Lot streams with a command in flight, and those checked again once it settles. */
  private readonly running = new Set<string>();
  private readonly again = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Lot streams not handled yet (a command in flight or to retry), with the position of their first unhandled event. */
  private readonly unhandled = new Map<string, number>();
  /** Until {@link start}: each lot stream's last event position (the lots to check are those after the checkpoint). */
  private lastEvents: Map<string, number> | null = new Map();
  private readonly checkpoints: CheckpointStore;
  /** The last position seen once started (every lot event up to it checked), and the checkpoint as last written. */
  private seen = 0;
  private saved = 0;
  private saving = false;
  private saver: NodeJS.Timeout | null = null;
  private started = false;
  private stopped = false;

  constructor(
    private readonly model: LiveReadModel,
    @Inject(STREAM_WRITER) private readonly writer: StreamWriter,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly consistency: Consistency,
    @Inject(FANOUT) fanout: Fanout,
  ) {
    this.checkpoints = new SqlCheckpointStore(fanout.db);
    model.onChange((event, state) => this.onEvent(event, state));
  }

  /**
   * Checks the lots with an event after the checkpoint (after a restart: what ended while the process was down, or
   * before its vehicle was moved), then follows the log. Returns how many lots it checked and the checkpoint it read.
   */
  async start(): Promise<{ checked: number; lots: number; checkpoint: number }> {
    let checkpoint = await this.checkpoints.load(LOT_OUTCOMES_CHECKPOINT);
    // A checkpoint past the log's end is another log's (the log was replaced): every lot is checked.
    if (checkpoint > this.model.currentPosition) checkpoint = 0;
    this.saved = checkpoint;
    const last = this.lastEvents ?? new Map<string, number>();
    this.lastEvents = null;
    this.started = true;
    this.seen = this.model.currentPosition;
    let checked = 0;
    for (const [id, position] of last) {
      if (position <= checkpoint) continue;
      const lot = this.model.lots.get(id);
      if (!lot) continue;
      checked++;
      this.check(id, lot, checkpoint + 1);
    }
    this.logger.log(`checked ${checked} of ${this.model.lots.size} lots (those with an event after the checkpoint, position ${checkpoint})`);
    this.saver = setInterval(() => void this.saveCheckpoint(), CHECKPOINT_EVERY_MS);
    this.saver.unref();
    return { checked, lots: this.model.lots.size, checkpoint };
  }

  /** The position up to which every lot event is handled (what the checkpoint may say). */
  get handledUpTo(): number {
    let handled = this.seen;
    for (const position of this.unhandled.values()) handled = Math.min(handled, position - 1);
    return handled;
  }

  /** Writes the checkpoint when it moved (one write at a time; a failed one is tried again on the next tick). */
  async saveCheckpoint(): Promise<void> {
    const position = this.handledUpTo;
    if (!this.started || this.saving || position <= this.saved) return;
    this.saving = true;
    try {
      await this.checkpoints.save(LOT_OUTCOMES_CHECKPOINT, position);
      this.saved = position;
    } catch (error) {
      if (!this.stopped) this.logger.warn(`checkpoint not written (tried again): ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.saving = false;
    }
  }

  /** Commands in flight (tests, metrics). */
  get pending(): number {
    return this.running.size;
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    if (this.saver) clearInterval(this.saver);
  }

  private onEvent(event: StoredEvent, state: unknown): void {
    this.follows(event, state);
    if (this.started) this.seen = event.position;
  }

  private follows(event: StoredEvent, state: unknown): void {
    if (event.streamId.startsWith(VEHICLE.prefix)) {
      const idVehicle = event.streamId.slice(VEHICLE.prefix.length);
      const place = lotPlaceAfter(this.places.get(idVehicle) ?? ELSEWHERE, upcast(event) as VehicleEvent);
      if (place.status === 'ELSEWHERE') this.places.delete(idVehicle);
      else this.places.set(idVehicle, place);
    } else if (event.streamId.startsWith(LOT.prefix)) {
      const lot = state as LotState;
      if (event.type === 'OfferPlaced') {
        if (lot.status !== 'NONE' && lot.data.definition.idVehicle) this.offered.add(event.streamId);
        return;
      }
      if (this.started) this.check(event.streamId, lot, event.position);
      else this.lastEvents?.set(event.streamId, event.position);
    }
  }

  /**
   * Acts when the lot's vehicle is not where the lot's outcome says (as far as the index knows); `position` is that of
   * the lot's event that asks for the check (unhandled until the command settles).
   */
  private check(lotSid: string, lot: LotState, position: number): void {
    if (this.stopped) return;
    const commands = this.commandsFor(lotSid, lot);
    if (!commands) {
      if (!this.running.has(lotSid)) this.unhandled.delete(lotSid);
      return;
    }
    const { idVehicle, slot } = commands;
    this.unhandled.set(lotSid, Math.min(this.unhandled.get(lotSid) ?? position, position));
    if (this.running.has(lotSid)) {
      this.again.add(lotSid);
      return;
    }
    this.running.add(lotSid);
    this.follow(lotSid, idVehicle, slot).then(
      () => this.settled(lotSid),
      (error: unknown) => {
        if (error instanceof DomainError) {
          // The vehicle cannot follow (placed elsewhere meanwhile, withdrawn): nothing to retry.
          this.settled(lotSid);
          this.logger.warn(`vehicle ${idVehicle} of lot ${slot.idLot} left as it is: ${error.message}`);
          return;
        }
        this.running.delete(lotSid);
        this.again.delete(lotSid);
        this.logger.warn(`vehicle ${idVehicle} of lot ${slot.idLot} not moved yet, retrying: ${error instanceof Error ? error.message : String(error)}`);
        this.later(() => {
          const now = this.model.lots.get(lotSid);
          if (now) this.check(lotSid, now, position);
          else this.unhandled.delete(lotSid);
        });
      },
    );
  }

  /** The lot's vehicle and slot when the vehicle must move, by the index; null when there is nothing to do. */
  private commandsFor(lotSid: string, lot: LotState): { idVehicle: string; slot: AuctionSlot } | null {
    if (lot.status === 'NONE' || lot.status === 'OPEN') return null;
    const { idVehicle, idAuction, idLot } = lot.data.definition;
    if (!idVehicle) return null;
    const indexed = lotOutcomeOf(lot);
    const outcome: LotOutcome = indexed.kind === 'UNSOLD' && this.offered.has(lotSid) ? { kind: 'PENDING' } : indexed;
    const commands = vehicleCommandsForLot(outcome, { idAuction, idLot }, this.places.get(idVehicle) ?? ELSEWHERE, this.clock.now());
    return commands.length === 0 ? null : { idVehicle, slot: { idAuction, idLot } };
  }

  /** The lot's command settled (written, or refused by the domain): handled, unless an event came meanwhile. */
  private settled(lotSid: string): void {
    this.running.delete(lotSid);
    const lot = this.model.lots.get(lotSid);
    if (!this.again.delete(lotSid) || !lot) {
      this.unhandled.delete(lotSid);
      return;
    }
    this.check(lotSid, lot, this.unhandled.get(lotSid) ?? this.seen);
  }

  private later(action: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.stopped) action();
    }, RETRY_MS);
    timer.unref();
    this.timers.add(timer);
  }

  /** One command on the lot's and the vehicle's streams, decided on their true states in the writer's turn. */
  private async follow(lotSid: string, idVehicle: string, slot: AuctionSlot): Promise<void> {
    // Test-only: the product stopped between a lot's outcome and its vehicle's move (lot-outcome-checkpoint.e2e).
    crashPoint('lot-outcome:before-move');
    const vehicleSid = streamId.vehicle(idVehicle);
    const outcome = await this.writer.execute({
      streams: [lotSid, vehicleSid],
      metadata: { ...SYSTEM, correlationId: `lot-outcome-${slot.idLot}` },
      decide: (view, now) => {
        const lot = view.state<LotState>(lotSid);
        if (lot.status === 'NONE' || lot.data.definition.idVehicle !== idVehicle) return [];
        const vehicle = view.state<VehicleState>(vehicleSid);
        const commands = vehicleCommandsForLot(lotOutcomeOf(lot), slot, lotPlaceOf(vehicle), now);
        return [{ streamId: vehicleSid, events: decideVehiclePlan(commands, vehicle) }];
      },
      reply: () => undefined,
    });
    this.consistency.noteWrite(outcome);
  }
}
