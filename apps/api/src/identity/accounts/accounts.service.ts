import { Inject, Injectable } from '@nestjs/common';
import { API_ERROR_CODES } from '@auction/contracts';
import { decideUser, streamId, withoutUsername, type AuditStamp, type UserData, type UserState } from '@auction/domain';
import { AccessError } from '../../platform/engine/access-error.js';
import { newId } from '../../platform/engine/ids.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import type { DomainEvent, StreamWriter } from '../../platform/engine/stream-writer.js';
import { STREAM_WRITER } from '../../platform/engine/tokens.js';
import { PERSONAL_DATA_STORE, type PersonalData, type PersonalDataStore } from './personal-data.js';
import { UsernameClaims } from './username-claims.js';

/** A new user: the event's data (its id chosen here unless given) and the personal data kept beside the log. */
export interface NewUser {
  readonly idUser?: string;
  readonly user: Omit<UserData, 'idUser'>;
  /** Names, e-mail, fiscal code, birth date...: never in an event (see `personal-data.ts`). */
  readonly personal: PersonalData;
  /** Who caused it (the event's metadata `userId`): the inviting dealer, an administrator, or the new user. */
  readonly actingUserId?: string;
  /** Created by the back-office (`actingUserId` is the staff member): the event carries the audit stamp `{by, at}`. */
  readonly byStaff?: boolean;
}

/**
 * The events registering a user, without its username: a username may be an e-mail address (personal data that
 * erasure must remove), so its one home is the username claims table, claimed before this is written; the log
 * names the user by id only. The one way a `UserRegistered` is written (accounts and demo seeding).
 */
export function registrationEvents(data: UserData, state: UserState, stamp?: AuditStamp): DomainEvent[] {
  return decideUser({ type: 'RegisterUser', data, ...(stamp ? { stamp } : {}) }, state).map((e) => ({ type: e.type, data: withoutUsername({ ...e.data }) }));
}

/**
 * Creates users and reads their personal data: the one way every feature (registration, invitation, the
 * back-office) adds a user, so a username is claimed once (any case, race-free across instances), the user's
 * stream gets its `UserRegistered` event, and the personal data lands beside the log, never in it.
 */
@Injectable()
export class AccountsService {
  constructor(
    private readonly readModel: LiveReadModel,
    @Inject(STREAM_WRITER) private readonly writer: StreamWriter,
    @Inject(PERSONAL_DATA_STORE) readonly personalData: PersonalDataStore,
    private readonly usernames: UsernameClaims,
  ) {}

  /**
   * Creates a user; 409 {@link API_ERROR_CODES.USERNAME_TAKEN} when the username (any case) is another user's.
   * Answers once the engine's index has the user (a login right after finds it).
   */
  async createUser(input: NewUser): Promise<{ idUser: string; position: number }> {
    const idUser = input.idUser ?? newId();
    const username = input.user.username;
    if (this.readModel.userIdByName.has(username.toLowerCase()) || !(await this.usernames.claim(username, idUser))) {
      throw new AccessError(409, API_ERROR_CODES.USERNAME_TAKEN, 'this username is taken');
    }
    try {
      // Personal data first: a user whose event exists always has it (a failure here leaves no user behind).
      await this.personalData.merge('USER', idUser, input.personal);
      const sid = streamId.user(idUser);
      const data: UserData = { ...input.user, idUser };
      const outcome = await this.writer.execute({
        streams: [sid],
        metadata: { userId: input.actingUserId ?? idUser },
        decide: (view, now) => {
          const stamp = input.byStaff && input.actingUserId ? { by: input.actingUserId, at: now } : undefined;
          return [{ streamId: sid, events: registrationEvents(data, view.state<UserState>(sid), stamp) }];
        },
        reply: () => undefined,
      });
      await this.readModel.waitFor(outcome.position);
      return { idUser, position: outcome.position };
    } catch (error) {
      if (!this.readModel.users.has(streamId.user(idUser))) {
        await this.usernames.release(username, idUser).catch(() => undefined);
        await this.personalData.erase('USER', idUser).catch(() => undefined);
      }
      throw error;
    }
  }

  /** A user's state in the engine's index (any status), or null when unknown. */
  user(idUser: string): Extract<UserState, { status: 'ACTIVE' }> | null {
    const user = this.readModel.users.get(streamId.user(idUser));
    return user?.status === 'ACTIVE' ? user : null;
  }

  /** The user with this username (any case), or null. */
  userNamed(username: string): Extract<UserState, { status: 'ACTIVE' }> | null {
    const id = this.readModel.userIdByName.get(username.toLowerCase());
    return id ? this.user(id) : null;
  }

  /** The users whose e-mail (personal data) is this address, known to the engine, in id order. */
  async usersWithEmail(email: string): Promise<Extract<UserState, { status: 'ACTIVE' }>[]> {
    const ids = await this.personalData.idsByEmail('USER', email);
    return ids.map((id) => this.user(id)).filter((u): u is Extract<UserState, { status: 'ACTIVE' }> => u !== null);
  }

  /** The users of a dealer (engine's index), by username. */
  usersOfDealer(idDealer: string): Extract<UserState, { status: 'ACTIVE' }>[] {
    const users: Extract<UserState, { status: 'ACTIVE' }>[] = [];
    for (const user of this.readModel.users.values()) if (user.status === 'ACTIVE' && user.data.idDealer === idDealer) users.push(user);
    return users.sort((a, b) => a.data.username.localeCompare(b.data.username));
  }

  /** A user's personal data ({} when none is stored: the demo users have none). */
  async personalOf(idUser: string): Promise<PersonalData> {
    return (await this.personalData.get('USER', idUser)) ?? {};
  }
}
