import { Module } from '@nestjs/common';
import { DemoPaymentProvider } from './demo-payment-provider.js';
import { DemoPaymentsController } from './demo-payments.controller.js';
import { PayByLinkService } from './pay-by-link.service.js';
import { PaymentNotifications } from './payment-notifications.service.js';
import { PAYMENT_PROVIDER } from './payment-provider.port.js';
import { PaymentSecret } from './payment-secret.js';
import { PaymentsController } from './payments.controller.js';

/** Controllers of pay by link. */
export const PAYMENTS_CONTROLLERS = [PaymentsController, DemoPaymentsController];

/**
 * Pay by link (issue 23 item 7). The payment provider is a port (payment-provider.port.ts); the embedded default, and
 * today the only adapter, is the demo payment provider, as no real provider can be reached from here. A real one is one
 * class implementing the port, bound to PAYMENT_PROVIDER here, sharing PAYMENT_WEBHOOK_SECRET with the portal.
 */
@Module({
  controllers: PAYMENTS_CONTROLLERS,
  providers: [PaymentSecret, PaymentNotifications, PayByLinkService, DemoPaymentProvider, { provide: PAYMENT_PROVIDER, useExisting: DemoPaymentProvider }],
})
export class PaymentsModule {}
