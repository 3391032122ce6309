import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CreateShowcaseRequest, VehicleOutcome, VehicleView } from '@auction/contracts';
import {
  DomainError, SHOWCASE_MANAGER_ROLES, assertNever, decideUser, decideVehicle, liveHold, toIso,
  type UserState, type VehicleCommand, type VehicleListing, type VehicleState,
} from '@auction/domain';
import type { z } from 'zod';
import type { AppConfig } from '../platform/config/app-config.js';
import { hasRole, type Actor } from '../identity/actor.js';
import { AccessError } from '../platform/engine/access-error.js';
import { derivedId, newId } from '../platform/engine/ids.js';
import { hasDuplicatePlate, streamId } from '@auction/domain';
import type { CommandOutcome, StreamWriter } from '../platform/engine/stream-writer.js';
import { APP_CONFIG, STREAM_WRITER } from '../platform/engine/tokens.js';
import { vehicleView } from './showcase-queries.js';
import { settleBounded } from '../platform/engine/bounded.js';

/** What happened to one vehicle of a call. */
export type ShowcaseOutcome = z.infer<typeof VehicleOutcome>;

/** The answer to a showcase creation. */
export interface CreatedShowcase {
  readonly idShowcase: string;
  readonly vehicles: VehicleView[];
}

/** Vehicle ids follow from their showcase's id and number, so a retried creation lists the same vehicles. */
export function vehicleIdOf(idShowcase: string, n: number): string {
  return `${idShowcase}-${n}`;
}

/** Who sent a command, and under which keys. */
interface Sender {
  readonly actor: Actor;
  readonly idempotencyKey: string | null;
  readonly correlationId: string;
}

function requireBuyer(actor: Actor, transaction: boolean): void {
  if (!actor.roles.includes('BUYER')) throw AccessError.role();
  if (transaction && !actor.flgEnabled) throw AccessError.disabled();
}

/** One vehicle command on its own stream; the reply carries the caller's hold on the vehicle, if any. */
function onVehicle(writer: StreamWriter, s: Sender, idVehicle: string, command: (now: number) => VehicleCommand): Promise<CommandOutcome<ShowcaseOutcome>> {
  const sid = streamId.vehicle(idVehicle);
  return writer.execute({
    streams: [sid],
    actor: s.actor,
    metadata: { userId: s.actor.idUser, idempotencyKey: s.idempotencyKey ?? undefined, correlationId: s.correlationId },
    decide: (view, now) => [{ streamId: sid, events: decideVehicle(command(now), view.state<VehicleState>(sid)) }],
    reply: (view, _appended, now) => {
      const state = view.state<VehicleState>(sid);
      const hold = state.status === 'LISTED' ? liveHold(state.data, now) : null;
      return hold?.idUser === s.actor.idUser ? { idVehicle, ok: true, holdUntil: toIso(hold.untilMs) } : { idVehicle, ok: true };
    },
  });
}

/** Creates a showcase: every vehicle its own stream, all listed in one atomic append. */
export class CreateShowcaseCommand {
  constructor(
    readonly actor: Actor,
    readonly body: CreateShowcaseRequest,
    readonly idempotencyKey: string | null,
    readonly correlationId: string,
  ) {}
}

@CommandHandler(CreateShowcaseCommand)
export class CreateShowcaseHandler implements ICommandHandler<CreateShowcaseCommand, CommandOutcome<CreatedShowcase>> {
  constructor(@Inject(STREAM_WRITER) private readonly writer: StreamWriter) {}

  execute({ actor, body, idempotencyKey, correlationId }: CreateShowcaseCommand): Promise<CommandOutcome<CreatedShowcase>> {
    if (!hasRole(actor, SHOWCASE_MANAGER_ROLES)) throw AccessError.role();
    const idShowcase = idempotencyKey ? derivedId('showcase', actor.idUser, idempotencyKey) : newId();
    const listings: VehicleListing[] = body.vehicles.map((v, i) => ({
      idVehicle: vehicleIdOf(idShowcase, i + 1), idShowcase, idOwner: actor.idUser, idMarket: body.idMarket,
      licensePlate: v.licensePlate.toUpperCase(), brand: v.brand, model: v.model, price: v.price,
    }));
    if (hasDuplicatePlate(listings.map((l) => l.licensePlate))) {
      throw new DomainError('DUPLICATE_LICENSE_PLATE', 'a license plate appears more than once in this showcase');
    }
    const sids = listings.map((l) => streamId.vehicle(l.idVehicle));
    return this.writer.execute({
      streams: sids,
      actor,
      metadata: { userId: actor.idUser, idempotencyKey: idempotencyKey ?? undefined, correlationId },
      decide: (view) => {
        // A retried key finds its showcase listed already: it changes nothing, whatever the body says now.
        if (view.state<VehicleState>(sids[0]!).status !== 'NONE') return [];
        return listings.map((listing, i) => ({
          streamId: sids[i]!,
          events: decideVehicle({ type: 'ListVehicle', listing }, view.state<VehicleState>(sids[i]!)),
        }));
      },
      reply: (view, _appended, now) => ({
        idShowcase,
        vehicles: sids.map((sid) => vehicleView(view.state<VehicleState>(sid), now, actor)).filter((v): v is VehicleView => v !== null),
      }),
    });
  }
}

/** Commands of one multi-vehicle call in flight at once (their appends still share group commits). */
const VEHICLES_IN_FLIGHT = 8;

/** A dealer's operation that runs once per vehicle. */
export type VehicleOperation = 'add-to-my-lot' | 'remove-from-my-lot' | 'book' | 'buy';

/**
 * A dealer's operation on several vehicles: one command per vehicle, run a few at a time, each on its own
 * stream. The answer has an outcome per vehicle; when every vehicle failed, the first error is thrown.
 */
export class ShowcaseVehiclesCommand implements Sender {
  constructor(
    readonly actor: Actor,
    readonly operation: VehicleOperation,
    readonly idVehicles: readonly string[],
    readonly idempotencyKey: string | null,
    readonly correlationId: string,
  ) {}
}

@CommandHandler(ShowcaseVehiclesCommand)
export class ShowcaseVehiclesHandler implements ICommandHandler<ShowcaseVehiclesCommand, CommandOutcome<ShowcaseOutcome[]>> {
  constructor(
    @Inject(STREAM_WRITER) private readonly writer: StreamWriter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(c: ShowcaseVehiclesCommand): Promise<CommandOutcome<ShowcaseOutcome[]>> {
    requireBuyer(c.actor, c.operation === 'book' || c.operation === 'buy');
    const ids = [...new Set(c.idVehicles)];
    const settled = await settleBounded(ids, VEHICLES_IN_FLIGHT, (id) => onVehicle(this.writer, c, id, (now) => this.command(c, now)));
    const reply: ShowcaseOutcome[] = [];
    let position = 0;
    let events = 0;
    const streams: { streamId: string; position: number }[] = [];
    let firstError: DomainError | null = null;
    for (const [i, s] of settled.entries()) {
      if (s.status === 'fulfilled') {
        reply.push(s.value.reply);
        position = Math.max(position, s.value.position);
        events += s.value.events;
        streams.push(...s.value.streams);
        continue;
      }
      if (!(s.reason instanceof DomainError)) throw s.reason;
      firstError ??= s.reason;
      reply.push({ idVehicle: ids[i]!, ok: false, errorCode: s.reason.code, errorMsg: s.reason.message });
    }
    if (firstError && reply.every((o) => !o.ok)) throw firstError;
    return { reply, position, events, streams };
  }

  private command({ actor, operation }: ShowcaseVehiclesCommand, now: number): VehicleCommand {
    switch (operation) {
      case 'add-to-my-lot': return { type: 'AddToMyLot', idUser: actor.idUser };
      case 'remove-from-my-lot': return { type: 'RemoveFromMyLot', idUser: actor.idUser };
      case 'book': return { type: 'BookVehicle', idUser: actor.idUser, holdSeconds: this.config.bookingHoldSeconds, now };
      case 'buy': return { type: 'BuyVehicle', idUser: actor.idUser, now };
      default: return assertNever(operation);
    }
  }
}

/** A dealer pre-empts one vehicle: a short exclusive hold to buy it at once. */
export class PreemptVehicleCommand implements Sender {
  constructor(readonly actor: Actor, readonly idVehicle: string, readonly idempotencyKey: string | null, readonly correlationId: string) {}
}

@CommandHandler(PreemptVehicleCommand)
export class PreemptVehicleHandler implements ICommandHandler<PreemptVehicleCommand, CommandOutcome<ShowcaseOutcome>> {
  constructor(
    @Inject(STREAM_WRITER) private readonly writer: StreamWriter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute(c: PreemptVehicleCommand): Promise<CommandOutcome<ShowcaseOutcome>> {
    requireBuyer(c.actor, true);
    const holdSeconds = this.config.preemptionHoldSeconds;
    return onVehicle(this.writer, c, c.idVehicle, (now) => ({ type: 'PreemptVehicle', idUser: c.actor.idUser, holdSeconds, now }));
  }
}

/** Records a dealer's acceptance of the showcase regulation (on the user's stream). */
export class AcceptShowcaseRegulationCommand {
  constructor(readonly actor: Actor, readonly correlationId: string) {}
}

@CommandHandler(AcceptShowcaseRegulationCommand)
export class AcceptShowcaseRegulationHandler implements ICommandHandler<AcceptShowcaseRegulationCommand, CommandOutcome<void>> {
  constructor(@Inject(STREAM_WRITER) private readonly writer: StreamWriter) {}

  execute({ actor, correlationId }: AcceptShowcaseRegulationCommand): Promise<CommandOutcome<void>> {
    requireBuyer(actor, false);
    const sid = streamId.user(actor.idUser);
    return this.writer.execute({
      streams: [sid],
      actor,
      metadata: { userId: actor.idUser, correlationId },
      decide: (view) => [{ streamId: sid, events: decideUser({ type: 'AcceptShowcaseRegulation' }, view.state<UserState>(sid)) }],
      reply: () => undefined,
    });
  }
}

/** The showcase's command handlers, for the module. */
export const SHOWCASE_HANDLERS = [CreateShowcaseHandler, ShowcaseVehiclesHandler, PreemptVehicleHandler, AcceptShowcaseRegulationHandler];
