import { Module } from '@nestjs/common';
import { DealersModule } from '../dealers/dealers.module.js';
import { EmailController } from './email/email.controller.js';
import { EmailService } from './email/email.service.js';
import { MailSender } from './email/mail-sender.js';
import { LeadController } from './lead/lead.controller.js';
import { LeadService } from './lead/lead.service.js';
import { PushController } from './push/push.controller.js';
import { PushRuntime } from './push/push-runtime.js';
import { PushService } from './push/push.service.js';
import { ReportController } from './report/report.controller.js';
import { ReportService } from './report/report.service.js';

/** The communication context's controllers: e-mails, lead campaigns, push notifications and reports. */
export const COMMUNICATION_CONTROLLERS = [EmailController, LeadController, PushController, ReportController];

/** Communication: mail and push notifications the back-office composes, sent from outboxes in the background. */
@Module({
  imports: [DealersModule],
  controllers: COMMUNICATION_CONTROLLERS,
  providers: [MailSender, EmailService, LeadService, PushRuntime, PushService, ReportService],
  exports: [MailSender],
})
export class CommunicationModule {}
