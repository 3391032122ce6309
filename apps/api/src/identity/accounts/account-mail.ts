import { Inject, Injectable, Logger } from '@nestjs/common';
import { isLanguage, type Language } from '@auction/i18n';
import type { MailService, MailSite, RenderedMail, SendResult } from '@auction/mail';
import { MAIL_SERVICE } from '../../platform/engine/tokens.js';
import { SsoService } from '../sso/sso.service.js';

/** The portal's name in mails (header, signature, footer). */
export const PORTAL_NAME = 'Auction portal';

/**
 * Sends the mails of accounts (registration received, password recovery, invitation, password changed, account
 * enabled): renders a template of `@auction/mail` for the recipient's language, with links under the portal's
 * public origin, and sends it. Never throws: a mail that cannot be sent is logged (with its id) and reported in
 * the result, and the caller's request still succeeds or fails on its own merits.
 */
@Injectable()
export class AccountMail {
  private readonly logger = new Logger('AccountMail');

  constructor(@Inject(MAIL_SERVICE) private readonly mail: MailService, private readonly sso: SsoService) {}

  /** Who sends: the portal, its public origin (PUBLIC_URL, else `http://localhost:<port>`). */
  site(): MailSite {
    return { baseUrl: this.sso.portalOrigin || 'http://localhost/', portalName: PORTAL_NAME };
  }

  /** A language of the mails for a stored preference (`IT`, `it`, `OTHER`...): English when it is none of the ten. */
  language(preferred: string | null | undefined): Language {
    const lower = (preferred ?? '').toLowerCase();
    return isLanguage(lower) ? lower : 'en';
  }

  /** Renders with `render` (given {@link site}) and sends to `to`; never throws. */
  async send(to: string, render: (site: MailSite) => RenderedMail): Promise<SendResult | { status: 'failed'; error: string }> {
    try {
      const rendered = render(this.site());
      return await this.mail.mailer.send({ to, subject: rendered.subject, text: rendered.text, html: rendered.html });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(`mail not sent: ${message}`);
      return { status: 'failed', error: message };
    }
  }
}
