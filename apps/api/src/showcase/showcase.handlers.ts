import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { isStockShowcase, type CreateShowcaseRequest, type StockShowcaseRequest, type VehicleOutcome, type VehicleView } from '@auction/contracts';
import {
  DomainError, SHOWCASE_MANAGER_ROLES, assertNever, showcaseDataOf, decideUser, decideVehicle, liveHold, toIso,
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
import { VEHICLE_RULES, vehicleNotVisible, type VehicleRules } from '../platform/engine/vehicle-rules.js';
import { LiveReadModel } from '../platform/engine/live-read-model.js';
import { assertMaySellThrough, saleVisibleTo } from '../platform/engine/sales-access.js';

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

/**
 * One vehicle command on its own stream; the reply carries the caller's hold on the vehicle, if any. Every dealer
 * command on a showcase vehicle passes here, so here is where who sees what is asked: a vehicle of a showcase sold
 * through a template the caller is not enabled for is refused exactly as an unknown vehicle is (404023), whatever the
 * command, except to its buyer.
 */
function onVehicle(
  writer: StreamWriter, index: LiveReadModel, s: Sender, idVehicle: string, command: (now: number, state: VehicleState) => VehicleCommand,
): Promise<CommandOutcome<ShowcaseOutcome>> {
  const sid = streamId.vehicle(idVehicle);
  return writer.execute({
    streams: [sid],
    actor: s.actor,
    metadata: { userId: s.actor.idUser, idempotencyKey: s.idempotencyKey ?? undefined, correlationId: s.correlationId },
    decide: (view, now) => {
      const state = view.state<VehicleState>(sid);
      const sale = showcaseDataOf(state)?.listing;
      const buyer = state.status === 'SOLD' && state.sale.idUser === s.actor.idUser;
      if (sale && !buyer && !saleVisibleTo(index, s.actor, sale)) throw new DomainError('VEHICLE_NOT_FOUND', 'vehicle not found');
      return [{ streamId: sid, events: decideVehicle(command(now, state), state) }];
    },
    reply: (view, _appended, now) => {
      const state = view.state<VehicleState>(sid);
      const hold = state.status === 'LISTED' ? liveHold(state.data, now) : null;
      return hold?.idUser === s.actor.idUser ? { idVehicle, ok: true, holdUntil: toIso(hold.untilMs) } : { idVehicle, ok: true };
    },
  });
}

/**
 * Creates a showcase: every vehicle its own stream, all listed in one atomic append. Loaded vehicles (`{idVehicle,
 * price}`) are put in it (`PutInShowcase`) when the caller may (the vehicles' one rule through `VEHICLE_RULES`, change `showcase`) and the decider
 * agrees (published, in stock, in no auction or other showcase); one refused vehicle refuses the whole call, naming
 * every refused vehicle in `details`, so nothing is half-done. Typed-in vehicles are listed directly.
 */
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
  constructor(
    @Inject(STREAM_WRITER) private readonly writer: StreamWriter, @Inject(VEHICLE_RULES) private readonly access: VehicleRules,
    private readonly index: LiveReadModel,
  ) {}

  execute({ actor, body, idempotencyKey, correlationId }: CreateShowcaseCommand): Promise<CommandOutcome<CreatedShowcase>> {
    if (!hasRole(actor, SHOWCASE_MANAGER_ROLES)) throw AccessError.role();
    if (body.idTemplate) assertMaySellThrough(this.index, actor, body.idTemplate, body.idMarket);
    const idShowcase = idempotencyKey ? derivedId('showcase', actor.idUser, idempotencyKey) : newId();
    const channel = body.idTemplate ? { idTemplate: body.idTemplate } : {};
    if (isStockShowcase(body)) return this.fromStock(actor, body, idShowcase, idempotencyKey, correlationId);
    const listings: VehicleListing[] = body.vehicles.map((v, i) => ({
      idVehicle: vehicleIdOf(idShowcase, i + 1), idShowcase, idOwner: actor.idUser, idMarket: body.idMarket,
      licensePlate: v.licensePlate.toUpperCase(), brand: v.brand, model: v.model, price: v.price, ...channel,
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

  private fromStock(
    actor: Actor, body: StockShowcaseRequest, idShowcase: string, idempotencyKey: string | null, correlationId: string,
  ): Promise<CommandOutcome<CreatedShowcase>> {
    const sids = body.vehicles.map((v) => streamId.vehicle(v.idVehicle));
    return this.writer.execute({
      streams: sids,
      actor,
      metadata: { userId: actor.idUser, idempotencyKey: idempotencyKey ?? undefined, correlationId },
      decide: (view) => {
        const refused: ShowcaseRefusal[] = [];
        const decisions = body.vehicles.map(({ idVehicle, price }, i) => {
          const state = view.state<VehicleState>(sids[i]!);
          try {
            this.access.assertMayPlace(actor, state, 'showcase', body.idMarket);
            const command: VehicleCommand = {
              type: 'PutInShowcase', idShowcase, idOwner: actor.idUser, idMarket: body.idMarket, price, ...(body.idTemplate ? { idTemplate: body.idTemplate } : {}),
            };
            return { streamId: sids[i]!, events: decideVehicle(command, state) };
          } catch (error) {
            if (!(error instanceof DomainError) && !(error instanceof AccessError)) throw error;
            refused.push({ index: i, idVehicle, error });
            return { streamId: sids[i]!, events: [] };
          }
        });
        if (refused.length > 0) throw showcaseRefused(refused);
        return decisions;
      },
      reply: (view, _appended, now) => ({
        idShowcase,
        vehicles: sids.map((sid) => vehicleView(view.state<VehicleState>(sid), now, actor)).filter((v): v is VehicleView => v !== null),
      }),
    });
  }
}

/** A vehicle of a showcase call refused, and why. */
interface ShowcaseRefusal {
  readonly index: number;
  readonly idVehicle: string;
  readonly error: DomainError | AccessError;
}

/**
 * The answer to a showcase call with refused vehicles: the first refusal's status and code, and one detail per refused
 * vehicle (`field` vehicles.{i}.idVehicle, `rule` its numeric code) so a form shows each beside its row.
 */
function showcaseRefused(refused: readonly ShowcaseRefusal[]): AccessError {
  const [first] = refused;
  const status = first!.error.httpStatus;
  const message = refused.map((r) => `${r.idVehicle}: ${r.error.message}`).join('; ');
  return new AccessError(status as AccessError['httpStatus'], first!.error.code, message,
    refused.map((r) => ({ field: `vehicles.${r.index}.idVehicle`, rule: String(r.error.code) })));
}

/**
 * Takes one vehicle out of its showcase (`WithdrawFromShowcase`): back in stock, or withdrawn for good when it was
 * typed in. A loaded vehicle: whoever may put it in a showcase (the vehicles' one rule, `VEHICLE_RULES`); a typed-in one: its showcase's owner
 * or an ADMIN. Refused while a dealer holds it (409011) or once sold (409010); not in a showcase: 409204.
 */
export class WithdrawFromShowcaseCommand implements Sender {
  constructor(readonly actor: Actor, readonly idVehicle: string, readonly idempotencyKey: string | null, readonly correlationId: string) {}
}

@CommandHandler(WithdrawFromShowcaseCommand)
export class WithdrawFromShowcaseHandler implements ICommandHandler<WithdrawFromShowcaseCommand, CommandOutcome<ShowcaseOutcome>> {
  constructor(
    @Inject(STREAM_WRITER) private readonly writer: StreamWriter, @Inject(VEHICLE_RULES) private readonly access: VehicleRules,
    private readonly index: LiveReadModel,
  ) {}

  execute(c: WithdrawFromShowcaseCommand): Promise<CommandOutcome<ShowcaseOutcome>> {
    if (!hasRole(c.actor, SHOWCASE_MANAGER_ROLES)) throw AccessError.role();
    return onVehicle(this.writer, this.index, c, c.idVehicle, (now, state) => {
      if (state.status === 'NONE') throw vehicleNotVisible();
      if (state.record) this.access.assertMayChangeState(c.actor, state, 'showcase');
      const data = state.status === 'LISTED' || state.status === 'SOLD' ? showcaseDataOf(state) : null;
      if (!data) throw new DomainError('VEHICLE_NOT_IN_SHOWCASE', 'the vehicle is not in a showcase');
      if (!state.record && data.listing.idOwner !== c.actor.idUser && !c.actor.roles.includes('ADMIN')) throw AccessError.notOwner();
      return { type: 'WithdrawFromShowcase', idShowcase: data.listing.idShowcase, now };
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
    private readonly index: LiveReadModel,
  ) {}

  async execute(c: ShowcaseVehiclesCommand): Promise<CommandOutcome<ShowcaseOutcome[]>> {
    requireBuyer(c.actor, c.operation === 'book' || c.operation === 'buy');
    const ids = [...new Set(c.idVehicles)];
    const settled = await settleBounded(ids, VEHICLES_IN_FLIGHT, (id) => onVehicle(this.writer, this.index, c, id, (now) => this.command(c, now)));
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
    private readonly index: LiveReadModel,
  ) {}

  execute(c: PreemptVehicleCommand): Promise<CommandOutcome<ShowcaseOutcome>> {
    requireBuyer(c.actor, true);
    const holdSeconds = this.config.preemptionHoldSeconds;
    return onVehicle(this.writer, this.index, c, c.idVehicle, (now) => ({ type: 'PreemptVehicle', idUser: c.actor.idUser, holdSeconds, now }));
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
export const SHOWCASE_HANDLERS = [CreateShowcaseHandler, WithdrawFromShowcaseHandler, ShowcaseVehiclesHandler, PreemptVehicleHandler, AcceptShowcaseRegulationHandler];
