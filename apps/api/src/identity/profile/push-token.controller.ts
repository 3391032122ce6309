import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { FcmTokenRequest } from '@auction/contracts';
import { CurrentSession, TokenOnly, OwnAccount } from '../auth.guard.js';
import type { Session } from '../auth.service.js';
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
  async register(@CurrentSession() session: Session, @Body() body: unknown): Promise<void> {
    await this.tokens.register(session.actor.idUser, parse(FcmTokenRequest, body).fcmToken, session.sid);
  }
}
