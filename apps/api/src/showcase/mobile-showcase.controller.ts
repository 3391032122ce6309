import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Put, Query, type OnModuleInit } from '@nestjs/common';
import { UseGuards } from '@nestjs/common';
import { AnswersClosed, ShowcaseOpenGuard } from './access/showcase-open.guard.js';
import { ModuleRef } from '@nestjs/core';
import type { ShowcaseEnabled } from '@auction/contracts';
import { CurrentActor, Roles, TokenOnly } from '../identity/auth.guard.js';
import type { Actor } from '../identity/actor.js';
import { ShowcaseController } from './showcase.controller.js';

/**
 * The mobile app's showcase calls (`/api/v1/mobile`, spec 02 "Mobile"): the `token` header only, each the web call of
 * `/api/v1/secure/showcase` run by the same handler (`ShowcaseController` through `ModuleRef`, the one instance Nest
 * made: its per-dealer queue and caps hold across web and app). Roles are the web call's.
 */
@Controller('api/v1/mobile')
@TokenOnly()
@UseGuards(ShowcaseOpenGuard)
export class MobileShowcaseController implements OnModuleInit {
  private web!: ShowcaseController;

  constructor(private readonly modules: ModuleRef) {}

  onModuleInit(): void {
    this.web = this.modules.get(ShowcaseController, { strict: true });
  }

  @Get('showcase')
  catalogue(@CurrentActor() actor: Actor, @Query() query: unknown) {
    return this.web.catalogue(actor, query);
  }

  @Get('showcase/search-vehicles')
  search(@CurrentActor() actor: Actor, @Query() query: unknown) {
    return this.web.search(actor, query);
  }

  /** Whether the showcase has vehicles the caller may see: the web call's answer (the app shows its tab then). */
  @Get('showcase-enabled')
  @AnswersClosed()
  enabled(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<ShowcaseEnabled> {
    return this.web.enabled(actor, query);
  }

  @Get('showcase/accepted-regulation')
  @Roles('BUYER')
  acceptedRegulation(@CurrentActor() actor: Actor) {
    return this.web.acceptedRegulation(actor);
  }

  @Patch('showcase/accept-regulation')
  @Roles('BUYER')
  @HttpCode(204)
  acceptRegulation(@CurrentActor() actor: Actor): Promise<void> {
    return this.web.acceptRegulation(actor);
  }

  @Get('showcase/myLot')
  @Roles('BUYER')
  myLot(@CurrentActor() actor: Actor, @Query() query: unknown) {
    return this.web.myLot(actor, query);
  }

  @Post('showcase/add-to-myLot')
  @Roles('BUYER')
  @HttpCode(200)
  addToMyLot(@CurrentActor() actor: Actor, @Body() body: unknown, @Headers() headers: Record<string, unknown>) {
    return this.web.addToMyLot(actor, body, headers);
  }

  @Delete('showcase/remove-from-myLot')
  @Roles('BUYER')
  removeFromMyLot(@CurrentActor() actor: Actor, @Query() query: Record<string, unknown> | undefined, @Headers() headers: Record<string, unknown>) {
    return this.web.removeFromMyLot(actor, query, headers);
  }

  @Patch('showcase/book-myLot')
  @Roles('BUYER')
  bookMyLot(@CurrentActor() actor: Actor, @Headers() headers: Record<string, unknown>) {
    return this.web.bookMyLot(actor, headers);
  }

  @Patch('showcase/preempt-vehicle')
  @Roles('BUYER')
  preempt(@CurrentActor() actor: Actor, @Body() body: unknown, @Headers() headers: Record<string, unknown>) {
    return this.web.preempt(actor, body, headers);
  }

  @Put('showcase/buy')
  @Roles('BUYER')
  buy(@CurrentActor() actor: Actor, @Body() body: unknown, @Headers() headers: Record<string, unknown>) {
    return this.web.buy(actor, body, headers);
  }

  @Post('showcase/feedback/:id')
  @Roles('BUYER')
  feedback(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    return this.web.feedback(actor, id, body);
  }
}
