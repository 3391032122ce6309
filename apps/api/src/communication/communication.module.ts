import { Module } from '@nestjs/common';
import { EmailController } from './email/email.controller.js';
import { EmailService } from './email/email.service.js';
import { MailSender } from './email/mail-sender.js';
import { LeadController } from './lead/lead.controller.js';
import { LeadService } from './lead/lead.service.js';

/** The communication context's controllers: e-mails (and, to come, lead campaigns and push notifications). */
export const COMMUNICATION_CONTROLLERS = [EmailController, LeadController];

/** Communication: mail the back-office composes, sent from an outbox in the background. */
@Module({
  controllers: COMMUNICATION_CONTROLLERS,
  providers: [MailSender, EmailService, LeadService],
  exports: [MailSender],
})
export class CommunicationModule {}
