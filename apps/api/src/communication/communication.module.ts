import { Module } from '@nestjs/common';
import { EmailController } from './email/email.controller.js';
import { EmailService } from './email/email.service.js';
import { MailSender } from './email/mail-sender.js';
import { LeadController } from './lead/lead.controller.js';
import { LeadService } from './lead/lead.service.js';
import { PushController } from './push/push.controller.js';
import { PushRuntime } from './push/push-runtime.js';
import { PushService } from './push/push.service.js';

/** The communication context's controllers: e-mails, lead campaigns and push notifications. */
export const COMMUNICATION_CONTROLLERS = [EmailController, LeadController, PushController];

/** Communication: mail and push notifications the back-office composes, sent from outboxes in the background. */
@Module({
  controllers: COMMUNICATION_CONTROLLERS,
  providers: [MailSender, EmailService, LeadService, PushRuntime, PushService],
  exports: [MailSender],
})
export class CommunicationModule {}
