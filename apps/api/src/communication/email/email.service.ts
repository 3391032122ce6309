import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  API_ERROR_CODES, SendEmailRequest, SendEmailUserRequest, type EmailDeliveryView, type EmailQueued,
} from '@auction/contracts';
import { textOfMailHtml } from '@auction/mail';
import type { Actor } from '../../identity/actor.js';
import { AccountsService } from '../../identity/accounts/accounts.service.js';
import { assertInScope } from '../../identity/admin-scope.js';
import { AccessError } from '../../platform/engine/access-error.js';
import { CLOCK, type Clock } from '../../platform/engine/tokens.js';
import { parse } from '../../platform/http/validation.js';
import { safeMailBody } from './safe-body.js';
import { MailSender } from './mail-sender.js';
import type { OutboxMail } from './mail-outbox.js';

/**
 * The back-office's composed e-mails (`email`, `send-email-user`): checked, the HTML sanitised, queued in the outbox
 * in one statement, answered; the {@link MailSender} sends them afterwards.
 */
@Injectable()
export class EmailService {
  constructor(
    private readonly sender: MailSender,
    private readonly accounts: AccountsService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** `POST /admin/email`: one mail to the recipients, with the copies. */
  async send(actor: Actor, body: unknown): Promise<EmailQueued> {
    const request = parse(SendEmailRequest, body);
    const html = safeMailBody(request.email);
    const mail: OutboxMail = {
      id: randomUUID(), batch: null, recipients: request.recipients, cc: request.ccRecipients, subject: request.subject,
      html, text: textOfMailHtml(html), createdBy: actor.idUser,
    };
    return this.queue([mail], html);
  }

  /** `POST /admin/send-email-user`: one mail per user (to the e-mail kept for it), users of the caller's markets only. */
  async sendToUsers(actor: Actor, body: unknown): Promise<EmailQueued> {
    const request = parse(SendEmailUserRequest, body);
    const addresses: string[] = [];
    for (const idUser of request.idUsers) {
      const user = this.accounts.user(idUser);
      if (!user) throw new AccessError(404, API_ERROR_CODES.TARGET_USER_NOT_FOUND, 'user not found', [{ field: 'idUsers', rule: idUser }]);
      assertInScope(actor, user.data.idMarket);
      const email = (await this.accounts.personalOf(idUser)).email;
      if (!email) throw new AccessError(409, API_ERROR_CODES.USER_NO_EMAIL, 'the user has no e-mail', [{ field: 'idUsers', rule: idUser }]);
      addresses.push(email);
    }
    const html = safeMailBody(request.email);
    const text = textOfMailHtml(html);
    return this.queue(addresses.map((to) => ({
      id: randomUUID(), batch: null, recipients: [to], cc: request.ccRecipients, subject: request.subject, html, text, createdBy: actor.idUser,
    })), html);
  }

  /** `GET /admin/email/{idEmail}`: where a queued mail is. */
  async delivery(idEmail: string): Promise<EmailDeliveryView> {
    const row = await this.sender.outbox.get(idEmail);
    if (!row) throw new AccessError(404, API_ERROR_CODES.EMAIL_NOT_FOUND, 'no such e-mail');
    return {
      idEmail: row.id, state: row.state, attempts: row.attempts, createdAt: new Date(row.createdAt).toISOString(),
      sentAt: row.sentAt === null ? null : new Date(row.sentAt).toISOString(), errorCode: row.errorCode,
    };
  }

  private async queue(mails: OutboxMail[], html: string): Promise<EmailQueued> {
    await this.sender.outbox.enqueue(mails, this.clock.now());
    this.sender.wake();
    return { idEmails: mails.map((m) => m.id), status: 'QUEUED', email: html };
  }
}
