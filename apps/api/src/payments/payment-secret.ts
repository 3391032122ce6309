import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../platform/config/app-config.js';
import { APP_CONFIG } from '../platform/engine/tokens.js';

/**
 * The secret payment notifications are signed with: `PAYMENT_WEBHOOK_SECRET`, shared with the provider; unset, a random
 * one made at start-up, known only to this process and its embedded demo payment provider (a real provider then
 * cannot notify: set the variable).
 */
@Injectable()
export class PaymentSecret {
  readonly value: string;
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.value = config.payments.webhookSecret ?? randomBytes(32).toString('base64url');
  }
}
