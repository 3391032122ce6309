import { Controller, Get, Param } from '@nestjs/common';
import { Id, type VehicleCard, type VehicleSheet } from '@auction/contracts';
import type { Actor } from '../identity/actor.js';
import { CurrentActor, TokenOnly } from '../identity/auth.guard.js';
import { parse } from '../platform/http/validation.js';
import { VehicleReads } from './vehicle-reads.js';

/** The mobile app's vehicle calls (`token` header only): the web calls' answers, under the same rule. */
@Controller('api/v1/mobile')
export class MobileVehiclesController {
  constructor(private readonly reads: VehicleReads) {}

  @TokenOnly()
  @Get('vehicle/:idVehicle')
  card(@CurrentActor() actor: Actor, @Param('idVehicle') idVehicle: string): Promise<VehicleCard> {
    return this.reads.card(actor, parse(Id, idVehicle, 'idVehicle'));
  }

  @TokenOnly()
  @Get('vehicle/:idVehicle/details')
  details(@CurrentActor() actor: Actor, @Param('idVehicle') idVehicle: string): Promise<VehicleSheet> {
    return this.reads.sheet(actor, parse(Id, idVehicle, 'idVehicle'));
  }
}
