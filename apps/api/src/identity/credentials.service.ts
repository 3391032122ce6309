import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../platform/config/app-config.js';
import { APP_CONFIG } from '../platform/engine/tokens.js';
import { CREDENTIAL_STORE, type CredentialStore } from './credential-store.port.js';
import { hashPassword, needsRehash, verifyPassword, verifyWithoutHash } from './password.js';

/**
 * Users' passwords: checked and set through the credential store, hashed at the configured cost
 * (`PASSWORD_HASH_COST`). Every check costs one scrypt, whoever asks.
 */
@Injectable()
export class CredentialsService {
  private readonly logger = new Logger('Credentials');
  private readonly cost: number;

  constructor(@Inject(CREDENTIAL_STORE) private readonly store: CredentialStore, @Inject(APP_CONFIG) config: Pick<AppConfig, 'passwordHashCost'>) {
    this.cost = config.passwordHashCost;
  }

  /**
   * True when `password` is the password of `idUser`. `null` (no such user, or one that may not log in) and a
   * user without a stored password cost one scrypt too, so the time of the answer does not tell which usernames
   * exist. After a success, a hash made with weaker parameters than the current ones is replaced by a new one (after
   * a failure, one hash at the current cost is spent instead).
   */
  async verify(idUser: string | null, password: string): Promise<boolean> {
    const stored = idUser === null ? null : await this.store.get(idUser);
    if (idUser === null || stored === null) return verifyWithoutHash(password, this.cost);
    const ok = await verifyPassword(password, stored, this.cost);
    if (needsRehash(stored, this.cost)) {
      if (ok) await this.upgrade(idUser, stored, password);
      // A weaker (older) hash checks faster than an unknown name: pay the current cost too, or timing tells them apart.
      else await verifyWithoutHash(password, this.cost);
    }
    return ok;
  }

  /**
   * Gives `password` to every user among `idUsers` that has none yet (users that have one keep it). Returns how many
   * were set. The users set in one call share one hash (one salt): this is the demo users' published password
   * (`DEMO_PASSWORD`), so the store tells a reader nothing that password does not, and a start with demo data hashes
   * once instead of once a user (79 users at the default cost were about 30 s of CPU; a user's own password, set or
   * changed later, gets a salt of its own).
   */
  async setMissing(idUsers: readonly string[], password: string): Promise<number> {
    const missing = await this.store.missing(idUsers);
    if (missing.length === 0) return 0;
    const hash = await hashPassword(password, this.cost);
    const stored = await Promise.all(missing.map((idUser) => this.store.setIfAbsent(idUser, hash)));
    return stored.filter(Boolean).length;
  }

  /** Sets (or replaces) a user's password. */
  async set(idUser: string, password: string): Promise<void> {
    await this.store.set(idUser, await hashPassword(password, this.cost));
  }

  private async upgrade(idUser: string, stored: string, password: string): Promise<void> {
    try {
      // Conditional: a password changed meanwhile must not be overwritten by the old one, rehashed.
      await this.store.replace(idUser, stored, await hashPassword(password, this.cost));
    } catch (error) {
      // The login itself succeeded; the next one tries again.
      this.logger.warn(`could not store the rehashed password of ${idUser}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
