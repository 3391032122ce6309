import { Body, Controller, Delete, Headers, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import {
  Id, PhotoOrderRequest, VehicleDocumentQuery, VehicleFileParams, type AttachedVehicleFile, type VehicleFilesView,
} from '@auction/contracts';
import type { Actor } from '../../identity/actor.js';
import { CurrentActor, Roles } from '../../identity/auth.guard.js';
import { MULTIPART_ROUTE, discardMultipart } from '../../identity/registration/multipart.js';
import { idempotencyKeyOf, parse } from '../../platform/http/validation.js';
import type { CallKeys } from '../vehicle-commands.js';
import { VehicleFileChanges } from './vehicle-file-changes.service.js';

/** Who may change a saved vehicle's files at all; which vehicle is the vehicle rule's (`VehicleAccess`). */
export const VEHICLE_FILE_ROLES = ['LOADER', 'AUCTIONEER', 'MULTI_AUCTIONEER', 'ADMIN'] as const;

function keysOf(headers: Record<string, unknown>): CallKeys {
  return { idempotencyKey: idempotencyKeyOf(headers), correlationId: randomUUID() };
}

/** Parses before the body is read; a refusal drains the unread upload. */
function parseBefore<T>(body: unknown, read: () => T): T {
  try {
    return read();
  } catch (error) {
    discardMultipart(body);
    throw error;
  }
}

/**
 * The photos and documents of a saved vehicle (#22): add one (multipart, streamed), remove one, reorder the photos.
 * Refusals are thrown (the error filter answers them), so an Idempotency-Key of a refused call is forgotten and a
 * retry runs again.
 */
@Controller('api/v1/secure')
export class VehicleFileChangesController {
  constructor(private readonly files: VehicleFileChanges) {}

  @Post('vehicle/:idVehicle/photos')
  @HttpCode(201)
  @Roles(...VEHICLE_FILE_ROLES)
  @RouteConfig(MULTIPART_ROUTE)
  photo(@CurrentActor() actor: Actor, @Param('idVehicle') idVehicle: string, @Body() body: unknown, @Headers() headers: Record<string, unknown>): Promise<AttachedVehicleFile> {
    const id = parseBefore(body, () => parse(Id, idVehicle, 'idVehicle'));
    return this.files.attach(actor, id, body, 'PHOTO', keysOf(headers));
  }

  @Post('vehicle/:idVehicle/documents')
  @HttpCode(201)
  @Roles(...VEHICLE_FILE_ROLES)
  @RouteConfig(MULTIPART_ROUTE)
  document(@CurrentActor() actor: Actor, @Param('idVehicle') idVehicle: string, @Query() query: unknown, @Body() body: unknown, @Headers() headers: Record<string, unknown>): Promise<AttachedVehicleFile> {
    const [id, kind] = parseBefore(body, () => [parse(Id, idVehicle, 'idVehicle'), parse(VehicleDocumentQuery, query, 'query').kind] as const);
    return this.files.attach(actor, id, body, kind, keysOf(headers));
  }

  @Delete('vehicle/:idVehicle/file/:idBlob')
  @Roles(...VEHICLE_FILE_ROLES)
  remove(@CurrentActor() actor: Actor, @Param() params: unknown, @Headers() headers: Record<string, unknown>): Promise<VehicleFilesView> {
    const { idVehicle, idBlob } = parse(VehicleFileParams, params, 'path');
    return this.files.remove(actor, idVehicle, idBlob, keysOf(headers));
  }

  @Put('vehicle/:idVehicle/photo-order')
  @Roles(...VEHICLE_FILE_ROLES)
  reorder(@CurrentActor() actor: Actor, @Param('idVehicle') idVehicle: string, @Body() body: unknown, @Headers() headers: Record<string, unknown>): Promise<VehicleFilesView> {
    const id = parse(Id, idVehicle, 'idVehicle');
    return this.files.reorder(actor, id, parse(PhotoOrderRequest, body).idBlobs, keysOf(headers));
  }
}
