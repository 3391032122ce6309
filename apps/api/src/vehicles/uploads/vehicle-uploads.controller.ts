import { Body, Controller, HttpCode, Post, Query } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import {
  SaveVehicleQuery, type SaveVehicleResponse, type SelectByFileResponse, type VehicleFileUploadResponse, type VehicleUploadResponse,
} from '@auction/contracts';
import type { Actor } from '../../identity/actor.js';
import { CurrentActor, Roles } from '../../identity/auth.guard.js';
import { MULTIPART_ROUTE } from '../../identity/registration/multipart.js';
import { ReadOnlyCall } from '../../platform/idempotency/claim-in-turn.js';
import { parse } from '../../platform/http/validation.js';
import { VEHICLE_LIST_ROLES } from '../vehicle-reads.js';
import { VehicleSelectionService } from './vehicle-selection.service.js';
import { VehicleUploadsService, type UploadKind } from './vehicle-uploads.service.js';

/** Who loads vehicles: loaders, and administrators for them. */
export const VEHICLE_UPLOAD_ROLES = ['LOADER', 'ADMIN'] as const;

/**
 * The vehicle loading calls of spec 02 §7: a vehicle file (`upload-vehicle`), then photos and documents for its
 * vehicles (`upload-photos`, `-appraisal`, `-datasheet`, `-other`, `-recdoc`), then `save-vehicle`. Multipart bodies
 * are read streaming, after the guard. And `select-by-file`, which reads a file of plates or frames and changes nothing.
 */
@Controller()
export class VehicleUploadsController {
  constructor(private readonly uploads: VehicleUploadsService, private readonly selection: VehicleSelectionService) {}

  @Post('api/v1/secure/upload-vehicle')
  @HttpCode(201)
  @Roles(...VEHICLE_UPLOAD_ROLES)
  @RouteConfig(MULTIPART_ROUTE)
  async uploadVehicle(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<VehicleUploadResponse> {
    await this.uploads.admit(actor, body, true);
    return await this.uploads.uploadSheet(actor, body);
  }

  /** Reads only: the vehicles a file names, for the list's selection (GET /vehicle's roles and rule). */
  @Post('api/v1/secure/select-by-file')
  @HttpCode(200)
  @ReadOnlyCall()
  @Roles(...VEHICLE_LIST_ROLES)
  @RouteConfig(MULTIPART_ROUTE)
  async selectByFile(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<SelectByFileResponse> {
    await this.selection.admit(actor, body);
    return await this.selection.select(actor, body);
  }

  @Post('api/v1/secure/upload-photos')
  @HttpCode(201)
  @Roles(...VEHICLE_UPLOAD_ROLES)
  @RouteConfig(MULTIPART_ROUTE)
  uploadPhotos(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<VehicleFileUploadResponse> {
    return this.file(actor, body, 'PHOTO');
  }

  @Post('api/v1/secure/upload-appraisal')
  @HttpCode(201)
  @Roles(...VEHICLE_UPLOAD_ROLES)
  @RouteConfig(MULTIPART_ROUTE)
  uploadAppraisal(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<VehicleFileUploadResponse> {
    return this.file(actor, body, 'APPRAISAL');
  }

  @Post('api/v1/secure/upload-datasheet')
  @HttpCode(201)
  @Roles(...VEHICLE_UPLOAD_ROLES)
  @RouteConfig(MULTIPART_ROUTE)
  uploadDatasheet(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<VehicleFileUploadResponse> {
    return this.file(actor, body, 'DATASHEET');
  }

  @Post('api/v1/secure/upload-other')
  @HttpCode(201)
  @Roles(...VEHICLE_UPLOAD_ROLES)
  @RouteConfig(MULTIPART_ROUTE)
  uploadOther(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<VehicleFileUploadResponse> {
    return this.file(actor, body, 'OTHER');
  }

  @Post('api/v1/secure/upload-recdoc')
  @HttpCode(201)
  @Roles(...VEHICLE_UPLOAD_ROLES)
  @RouteConfig(MULTIPART_ROUTE)
  uploadRecdoc(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<VehicleFileUploadResponse> {
    return this.file(actor, body, 'RECOGNITION_DOC');
  }

  @Post('api/v1/secure/save-vehicle')
  @HttpCode(201)
  @Roles(...VEHICLE_UPLOAD_ROLES)
  save(@CurrentActor() actor: Actor): Promise<SaveVehicleResponse> {
    return this.uploads.save(actor, null, randomUUID());
  }

  @Post('api/v2/secure/save-vehicle')
  @HttpCode(201)
  @Roles(...VEHICLE_UPLOAD_ROLES)
  saveV2(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<SaveVehicleResponse> {
    const { idTemp } = parse(SaveVehicleQuery, query, 'query');
    return this.uploads.save(actor, idTemp, randomUUID());
  }

  /** A refusal is thrown (the error filter answers it, Retry-After included), so the Idempotency-Key of a refused call is
   * forgotten: a retry, or the right file sent next with the same key, runs again instead of replaying the refusal. */
  private async file(actor: Actor, body: unknown, kind: UploadKind): Promise<VehicleFileUploadResponse> {
    await this.uploads.admit(actor, body, false);
    return await this.uploads.uploadFile(actor, body, kind);
  }
}
