import { Inject, Injectable, Logger } from '@nestjs/common';
import { renderAccountEnabled } from '@auction/mail';
import type { KnownDealer } from '@auction/domain';
import { AccountMail } from '../../identity/accounts/account-mail.js';
import { AccountsService } from '../../identity/accounts/accounts.service.js';
import { CREDENTIAL_STORE, type CredentialStore } from '../../identity/credential-store.port.js';
import { PasswordsService } from '../../identity/passwords/passwords.service.js';

/**
 * The mails of a dealer's first enabling: "account enabled" in the dealer's language (saying, when the reference user
 * has no password yet, that a separate mail brings the link to choose it), and that first-password mail.
 */
@Injectable()
export class DealerMails {
  private readonly logger = new Logger('DealerMails');

  constructor(
    private readonly accounts: AccountsService,
    private readonly passwords: PasswordsService,
    private readonly mail: AccountMail,
    @Inject(CREDENTIAL_STORE) private readonly credentials: CredentialStore,
  ) {}

  /**
   * The "account enabled" mail to the dealer (its e-mail, else its reference user's), and the first-password link.
   * `first`: the dealer leaves PENDING. A later enabling (a registration first disabled, then enabled; a re-enable)
   * mails only when the reference user still has no password: else that user could never log in and nobody would
   * tell them. Nothing is mailed when the reference user was deleted or anonymised (no mail, no live link, to a person
   * the back-office removed).
   */
  async enabled(dealer: KnownDealer, first: boolean): Promise<void> {
    const reference = this.accounts.user(dealer.data.idReferenceUser);
    if (!reference || reference.deleted || reference.anonymised) {
      this.logger.warn(`dealer ${dealer.data.idDealer} enabled without a usable reference user: no mail`);
      return;
    }
    const noPassword = (await this.credentials.missing([reference.data.idUser])).length > 0;
    if (!first && !noPassword) return;
    const business = (await this.accounts.personalData.get('DEALER', dealer.data.idDealer)) ?? {};
    const to = business.email || (await this.accounts.personalOf(reference.data.idUser)).email;
    if (to) {
      await this.mail.send(to, (site) => renderAccountEnabled({
        language: this.mail.language(dealer.data.language), site, username: reference.data.username, passwordSetup: noPassword,
        ...(business.businessName ? { recipientName: business.businessName } : {}),
      }));
    } else {
      this.logger.warn(`dealer ${dealer.data.idDealer} has no e-mail: no "account enabled" mail`);
    }
    if (noPassword) await this.passwords.mailLink(reference, 'SETUP', 'approved');
  }
}
