import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { z } from 'zod';
import { API_ERROR_CODES, CaughtMailPageView, CaughtMailView, QueryInt } from '@auction/contracts';
import type { MailService } from '@auction/mail';
import { NotForReadOnly, Roles } from '../../identity/auth.guard.js';
import { EveryMarket } from '../../identity/resource-scope.js';
import { maskLinkSecrets } from './mail-mask.js';
import { AccessError } from '../engine/access-error.js';
import { MAIL_SERVICE } from '../engine/tokens.js';
import { parse } from '../http/validation.js';

const MailQuery = z.object({
  limit: QueryInt(1, 100).default(20),
  offset: QueryInt(0, 1_000_000).default(0),
  to: z.string().trim().max(254).optional(),
}).strict();

/**
 * The mail the embedded catcher caught (SMTP_URL unset: nothing leaves the process), for administrators who may
 * change things (an operator tool: a read-only user gets 403020). The single-use links' tags are masked: a link
 * is its addressee's to use, and reading it here would let the reader set another user's password. With a real
 * relay there is nothing to list (`catching: false`).
 */
@Controller('api/v1/admin/mail')
@Roles('ADMIN')
@EveryMarket()
@NotForReadOnly()
export class CaughtMailController {
  constructor(@Inject(MAIL_SERVICE) private readonly mail: MailService) {}

  /** Newest first, paged (`limit` 1–100, default 20; `offset`), optionally only the mail to one address (`to`). */
  @Get()
  list(@Query() query: unknown): CaughtMailPageView {
    const { limit, offset, to } = parse(MailQuery, query, 'query');
    const catcher = this.mail.catcher;
    if (!catcher) return { catching: false, total: 0, limit, offset, items: [] };
    const page = catcher.list({ limit, offset, to: to || undefined });
    return { catching: true, total: page.total, limit, offset, items: page.items.map(({ id, from, to: rcpt, subject, date }) => ({ id, from, to: [...rcpt], subject: maskLinkSecrets(subject), date })) };
  }

  /** One caught message, text and HTML parts included; unknown (or pushed out by newer mail): 404001. */
  @Get(':id')
  one(@Param('id') id: string): CaughtMailView {
    const found = this.mail.catcher?.get(id);
    if (!found) throw new AccessError(404, API_ERROR_CODES.NOT_FOUND, 'no such caught mail');
    return {
      id: found.id, from: found.from, to: [...found.to], subject: maskLinkSecrets(found.subject), date: found.date,
      text: maskLinkSecrets(found.text), html: found.html === null ? null : maskLinkSecrets(found.html),
    };
  }
}
