import { Body, Controller, Get, Headers, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import {
  DossierQuery, EditVehicleRequest, HandOverRequest, HandOverUsersQuery, Id, ProvenanceQuery, VehicleDescQuery, PubUnpubRequest, SendBackRequest, VehicleAuctionsQuery, VehicleListQuery,
  type Dossier, type HandOverUser, type Page, type ProvenanceView, type VehicleCard, type VehicleDesc, type VehicleSheet,
} from '@auction/contracts';
import type { VehicleDetails } from '@auction/domain';
import type { Actor } from '../identity/actor.js';
import { CurrentActor, Roles } from '../identity/auth.guard.js';
import { ReadOnlyCall } from '../platform/idempotency/claim-in-turn.js';
import { idempotencyKeyOf, parse, ValidationError } from '../platform/http/validation.js';
import type { VehicleAuctionHistoryRow } from '@auction/read-models';
import { VehicleCommands, type CallKeys, type VehicleCallOutcome } from './vehicle-commands.js';
import { VEHICLE_FOR_AUCTION_ROLES, VEHICLE_FOR_SHOWCASE_ROLES, VEHICLE_LIST_ROLES, VehicleReads } from './vehicle-reads.js';
import { sendVehicleCsv } from './vehicle-export.js';
import { HandOverUsers } from './handover-users.js';

function keysOf(headers: Record<string, unknown>): CallKeys {
  return { idempotencyKey: idempotencyKeyOf(headers), correlationId: randomUUID() };
}

/**
 * The vehicle calls of `/api/v1/secure` (spec 02 §7, "Secure vehicles"): lists, one vehicle, its auctions, edits,
 * publication and hand-over. Who sees and changes which vehicle is `VehicleAccess`'s one rule (ROLES.md).
 */
@Controller('api/v1/secure')
export class VehiclesController {
  constructor(private readonly reads: VehicleReads, private readonly commands: VehicleCommands, private readonly handOverUsers: HandOverUsers) {}

  @Get('vehicle')
  @Roles(...VEHICLE_LIST_ROLES)
  list(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<Page<VehicleCard>> {
    return this.reads.list(actor, parse(VehicleListQuery, query, 'query'), 'all');
  }

  @Get('vehicle-for-auction')
  @Roles(...VEHICLE_FOR_AUCTION_ROLES)
  forAuction(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<Page<VehicleCard>> {
    return this.reads.list(actor, parse(VehicleListQuery, query, 'query'), 'for-auction');
  }

  @Get('vehicle-for-showcase')
  @Roles(...VEHICLE_FOR_SHOWCASE_ROLES)
  forShowcase(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<Page<VehicleCard>> {
    return this.reads.list(actor, parse(VehicleListQuery, query, 'query'), 'for-showcase');
  }

  @Get('vehicle-by-provenance')
  @Roles(...VEHICLE_LIST_ROLES)
  byProvenance(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<Page<VehicleCard>> {
    return this.reads.list(actor, parse(VehicleListQuery, query, 'query'), 'by-provenance');
  }

  @Get('vehicle/:idVehicle')
  card(@CurrentActor() actor: Actor, @Param('idVehicle') idVehicle: string): Promise<VehicleCard> {
    return this.reads.card(actor, parse(Id, idVehicle, 'idVehicle'));
  }

  @Get('vehicle/:idVehicle/details')
  details(@CurrentActor() actor: Actor, @Param('idVehicle') idVehicle: string): Promise<VehicleSheet> {
    return this.reads.sheet(actor, parse(Id, idVehicle, 'idVehicle'));
  }

  @Get('vehicle/:idVehicle/auctions')
  // The back office's dialog: a lot's best offer in earlier auctions is not for dealers who see the vehicle placed.
  @Roles(...VEHICLE_LIST_ROLES)
  auctions(@CurrentActor() actor: Actor, @Param('idVehicle') idVehicle: string, @Query() query: unknown): Promise<Page<VehicleAuctionHistoryRow>> {
    return this.reads.auctions(actor, parse(Id, idVehicle, 'idVehicle'), parse(VehicleAuctionsQuery, query, 'query'));
  }

  @Put('vehicle')
  async edit(@CurrentActor() actor: Actor, @Body() body: unknown, @Headers() headers: Record<string, unknown>): Promise<VehicleSheet> {
    const { idVehicle, ...changes } = parse(EditVehicleRequest, body);
    await this.commands.edit(actor, idVehicle, changes as Partial<VehicleDetails>, keysOf(headers));
    return this.reads.sheet(actor, idVehicle);
  }

  @Put('vehicle/pubUnpubVehicle')
  pubUnpub(@CurrentActor() actor: Actor, @Body() body: unknown, @Headers() headers: Record<string, unknown>): Promise<VehicleCallOutcome[]> {
    const { idVehicles, published } = parse(PubUnpubRequest, body);
    return this.commands.setPublished(actor, idVehicles, published, keysOf(headers));
  }

  @Patch('sendToSup')
  sendToSup(@CurrentActor() actor: Actor, @Body() body: unknown, @Headers() headers: Record<string, unknown>): Promise<VehicleCallOutcome[]> {
    const { idVehicles, idUser } = parse(HandOverRequest, body);
    return this.commands.sendToSup(actor, idVehicles, idUser, keysOf(headers));
  }

  @Patch('sendToMultiAuctioneer')
  sendToMulti(@CurrentActor() actor: Actor, @Body() body: unknown, @Headers() headers: Record<string, unknown>): Promise<VehicleCallOutcome[]> {
    const { idVehicles, idUser } = parse(HandOverRequest, body);
    return this.commands.sendToMultiAuctioneer(actor, idVehicles, idUser, keysOf(headers));
  }

  @Get('vehicle-handover-users')
  @Roles('LOADER', 'AUCTIONEER', 'ADMIN')
  handOverTargets(@CurrentActor() actor: Actor, @Query() query: unknown): Page<HandOverUser> {
    return this.handOverUsers.list(actor, parse(HandOverUsersQuery, query, 'query'));
  }

  @Patch('sendBack')
  sendBack(@CurrentActor() actor: Actor, @Body() body: unknown, @Headers() headers: Record<string, unknown>): Promise<VehicleCallOutcome[]> {
    return this.commands.sendBack(actor, parse(SendBackRequest, body).idVehicles, keysOf(headers));
  }

  @Get('provenance')
  provenances(@Query() query: unknown): ProvenanceView[] {
    return this.reads.provenanceList(parse(ProvenanceQuery, query, 'query').idMarket);
  }

  @Get('vehicle-desc')
  descriptions(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<VehicleDesc[]> {
    return this.reads.descriptions(actor, parse(VehicleDescQuery, query, 'query').ids);
  }

  @Get('dossier')
  @Roles(...VEHICLE_LIST_ROLES)
  dossier(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<Dossier> {
    return this.reads.dossier(actor, parse(DossierQuery, query, 'query').licensePlate);
  }

  @Post('export-vehicle')
  @HttpCode(200)
  @ReadOnlyCall()
  @Roles(...VEHICLE_LIST_ROLES)
  exportCsv(@CurrentActor() actor: Actor, @Query() query: unknown, @Body() body: unknown, @Res() reply: FastifyReply) {
    // The filters come in the query or, as the spec's POST sends them, in a JSON body of the same names. A body may write
    // a number as a JSON number (`"limit": 1`, as the description states the numeric filters) or as the query's digits.
    // A body that is there but not a JSON object (an array, a number, null) names no filters: refused, not ignored.
    if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) {
      throw new ValidationError('the body must be a JSON object of filters', [{ field: 'body', rule: 'object' }]);
    }
    const filters = body ? { ...(query as object), ...numbersAsDigits(body as object) } : query;
    const q = parse(VehicleListQuery, filters, body ? 'body' : 'query');
    return sendVehicleCsv(reply, this.reads.exportBatches(actor, q));
  }
}

/** A JSON body's numbers as the digits a query would carry (the exact JSON reading already refused an exponent). */
function numbersAsDigits(body: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]));
}
