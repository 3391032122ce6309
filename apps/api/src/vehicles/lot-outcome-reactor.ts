import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import {
  DomainError, LOT, VEHICLE, decideVehiclePlan, lotOutcomeOf, lotPlaceAfter, lotPlaceOf, streamId, vehicleCommandsForLot,
  type AuctionSlot, type LotOutcome, type LotState, type VehicleEvent, type VehicleLotPlace, type VehicleState,
} from '@auction/domain';
import type { StoredEvent } from '@auction/event-store';
import { Consistency } from '../platform/engine/consistency.js';
import { LiveReadModel } from '../platform/engine/live-read-model.js';
import type { StreamWriter } from '../platform/engine/stream-writer.js';
import { CLOCK, STREAM_WRITER, type Clock } from '../platform/engine/tokens.js';
import { upcast } from '../platform/engine/upcasters.js';

const RETRY_MS = 1000;
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
 * true states, so an event seen twice, a check on two instances, or a restart changes nothing more. No checkpoint is
 * needed: on start (the index rebuilt from position 0), {@link start} checks every ended lot and acts only where a
 * vehicle is not yet where its lot says (a crash between a lot's outcome and the vehicle's move is repaired then).
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
  private started = false;
  private stopped = false;

  constructor(
    private readonly model: LiveReadModel,
    @Inject(STREAM_WRITER) private readonly writer: StreamWriter,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly consistency: Consistency,
  ) {
    model.onChange((event, state) => this.onEvent(event, state));
  }

  /** Checks every lot the index knows (after a restart: whatever moved while the process was down), then follows the log. */
  start(): void {
    this.started = true;
    for (const [id, lot] of this.model.lots) this.check(id, lot);
  }

  /** Commands in flight (tests, metrics). */
  get pending(): number {
    return this.running.size;
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
  }

  private onEvent(event: StoredEvent, state: unknown): void {
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
      if (this.started) this.check(event.streamId, lot);
    }
  }

  /** Acts when the lot's vehicle is not where the lot's outcome says (as far as the index knows). */
  private check(lotSid: string, lot: LotState): void {
    if (this.stopped || lot.status === 'NONE' || lot.status === 'OPEN') return;
    const { idVehicle, idAuction, idLot } = lot.data.definition;
    if (!idVehicle) return;
    const indexed = lotOutcomeOf(lot);
    const outcome: LotOutcome = indexed.kind === 'UNSOLD' && this.offered.has(lotSid) ? { kind: 'PENDING' } : indexed;
    const commands = vehicleCommandsForLot(outcome, { idAuction, idLot }, this.places.get(idVehicle) ?? ELSEWHERE, this.clock.now());
    if (commands.length === 0) return;
    if (this.running.has(lotSid)) {
      this.again.add(lotSid);
      return;
    }
    this.running.add(lotSid);
    this.follow(lotSid, idVehicle, { idAuction, idLot }).then(
      () => this.settled(lotSid),
      (error: unknown) => {
        this.settled(lotSid);
        if (error instanceof DomainError) {
          // The vehicle cannot follow (placed elsewhere meanwhile, withdrawn): nothing to retry.
          this.logger.warn(`vehicle ${idVehicle} of lot ${idLot} left as it is: ${error.message}`);
          return;
        }
        this.logger.warn(`vehicle ${idVehicle} of lot ${idLot} not moved yet, retrying: ${error instanceof Error ? error.message : String(error)}`);
        this.later(() => {
          const now = this.model.lots.get(lotSid);
          if (now) this.check(lotSid, now);
        });
      },
    );
  }

  private settled(lotSid: string): void {
    this.running.delete(lotSid);
    if (!this.again.delete(lotSid)) return;
    const lot = this.model.lots.get(lotSid);
    if (lot) this.check(lotSid, lot);
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
