import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { FcmTokenRequest } from '@auction/contracts';
import type { Actor } from '../actor.js';
import { CurrentActor, TokenOnly, OwnAccount } from '../auth.guard.js';
import { parse } from '../../platform/http/validation.js';
import { PushTokenStore } from './push-tokens.js';

/** The mobile app registers its device's push token after each login (spec 01 §4, mobile login). */
@Controller('api/v1/mobile')
export class PushTokenController {
  constructor(private readonly tokens: PushTokenStore) {}

  @TokenOnly()
  @OwnAccount()
  @Post('fcm-token')
  @HttpCode(204)
  async register(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<void> {
    await this.tokens.register(actor.idUser, parse(FcmTokenRequest, body).fcmToken);
  }
}
