/**
 * Seeds a fresh PostgreSQL storage (before the server starts) with users the demo data lacks: a dealer with several
 * users and personal data, and a user who has not given the consents yet. Written as the product writes them: the
 * `UserRegistered` events in the log, the password hashes in the credential store, names beside the log.
 */
import { PostgresEventStore } from '@auction/event-store';
import { createReadModelDb } from '@auction/read-models';
import type { UserData } from '@auction/domain';
import type { ServerStorage } from '../../testing/server.test-support.js';
import { SqlPersonalDataStore } from '../accounts/personal-data.js';
import { hashPassword } from '../password.js';
import { SqlCredentialStore } from '../sql-credential-store.js';

/** Password of every seeded user. */
export const SEEDED_PASSWORD = 'Seeded#Profile2026';
/** The seeded dealer: five users (and `pf-francois` of {@link SEEDED_FR_DEALER}). */
export const SEEDED_DEALER = 'D-PF01';

/** A seeded user: its event data and personal data (none for `pf-dario`, as a demo user). */
interface Seed { readonly data: UserData; readonly personal: Record<string, string> | null }

/** A dealer of the FR market (which offers French only) with one user whose language is English. */
export const SEEDED_FR_DEALER = 'D-PF02';

const seed = (username: string, personal: Record<string, string> | null, consents = true, where: Pick<UserData, 'idDealer' | 'idMarket' | 'preferredLanguage'> = { idDealer: SEEDED_DEALER, idMarket: 'IT', preferredLanguage: 'it' }): Seed => ({
  data: {
    idUser: username, username, roles: ['USER', 'BUYER'], ...where,
    consent1: consents, consent2: consents, consent3: consents, flgEnabled: true,
  },
  personal,
});

/** The seeded users: `pf-consent` has given no consent yet; `pf-francois` is of another dealer ({@link SEEDED_FR_DEALER}). */
export const SEEDS: readonly Seed[] = [
  seed('pf-anna', { name: 'Anna', surname: 'Zeta', email: 'anna@pf.example', iban: 'IT60X0542811101000000123456' }),
  seed('pf-bruno', { name: 'Bruno', surname: 'alpha', email: 'bruno@pf.example' }),
  seed('pf-carla', { name: 'Carla', surname: 'Mu', email: 'carla@pf.example' }),
  seed('pf-dario', null),
  seed('pf-consent', { name: 'Elena', surname: 'Beta', email: 'elena@pf.example', fiscalCode: 'BTELNE80A41H501X', birthDate: '1980-01-01' }, false),
  // Registered on the English site for a French dealer: a language the FR market does not offer.
  seed('pf-francois', { name: 'François', surname: 'Gamma', email: 'francois@pf.example' }, true, { idDealer: SEEDED_FR_DEALER, idMarket: 'FR', preferredLanguage: 'en' }),
];

/** Writes {@link SEEDS} into `storage` (PostgreSQL mode, server not running). */
export async function seedProfileUsers(storage: ServerStorage): Promise<void> {
  const events = new PostgresEventStore(storage.databaseUrl!);
  const db = await createReadModelDb({ databaseUrl: storage.databaseUrl!, poolSize: 2 });
  try {
    await events.init();
    const credentials = new SqlCredentialStore(db);
    const personal = new SqlPersonalDataStore(db);
    const hash = await hashPassword(SEEDED_PASSWORD, 14);
    for (const s of SEEDS) {
      await events.append(`user-${s.data.idUser}`, 0, [{ type: 'UserRegistered', data: { ...s.data } }]);
      await credentials.set(s.data.idUser, hash);
      if (s.personal) await personal.merge('USER', s.data.idUser, s.personal);
    }
  } finally {
    await events.close();
    await db.close();
  }
}
