import { DomainError, assertNever } from '../shared/errors.js';
import type { Market, Role } from '../shared/statuses.js';

/**
 * A portal user. Credentials are not part of it: a password is a secret, not history, so the shell keeps
 * its hash in a credential store beside the log (bodies written by earlier releases carried `passwordHash`;
 * `withoutLegacySecrets` removes it on every read).
 */
export interface UserData {
  readonly idUser: string;
  readonly username: string;
  readonly roles: readonly Role[];
  readonly idDealer: string | null;
  readonly idMarket: Market;
  readonly preferredLanguage: string;
  readonly consent1: boolean;
  readonly consent2: boolean;
  readonly consent3: boolean;
  readonly flgEnabled: boolean;
}

/** User state, discriminated on `status`. */
export type UserState =
  | { readonly status: 'NONE' }
  | {
      readonly status: 'ACTIVE';
      readonly data: UserData;
      readonly endedSessions: readonly string[];
      readonly feedback: readonly Feedback[];
      readonly showcaseRegulationAccepted: boolean;
    };

/** A dealer's rating of an auction or a showcase purchase: one per target. */
export interface Feedback {
  readonly idFeedback: string;
  readonly target: 'AUCTION' | 'SHOWCASE';
  readonly idTarget: string;
  readonly rating: number;
  readonly idAuctioneer: string | null;
}

/** Events of a user stream (`user-{idUser}`). */
export type UserEvent =
  | { type: 'UserRegistered'; data: UserData }
  | { type: 'UserSessionEnded'; data: { idUser: string; sid: string } }
  | { type: 'FeedbackGiven'; data: Feedback & { idUser: string } }
  | { type: 'ShowcaseRegulationAccepted'; data: { idUser: string } };

/** Commands of a user. */
export type UserCommand =
  | { type: 'RegisterUser'; data: UserData }
  | { type: 'EndSession'; sid: string }
  | { type: 'GiveFeedback'; feedback: Feedback }
  | { type: 'AcceptShowcaseRegulation' };

/** Initial state of a user stream. */
export const initialUserState: UserState = { status: 'NONE' };

/** Decides the events of a user command. */
export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return state.status === 'NONE' ? [{ type: 'UserRegistered', data: command.data }] : [];
    case 'EndSession':
      if (state.status === 'NONE') throw new DomainError('BUYER_NOT_ELIGIBLE', 'unknown user');
      return state.endedSessions.includes(command.sid) ? [] : [{ type: 'UserSessionEnded', data: { idUser: state.data.idUser, sid: command.sid } }];
    case 'GiveFeedback': {
      if (state.status === 'NONE') throw new DomainError('BUYER_NOT_ELIGIBLE', 'unknown user');
      const { target, idTarget } = command.feedback;
      if (state.feedback.some((f) => f.target === target && f.idTarget === idTarget)) return [];
      return [{ type: 'FeedbackGiven', data: { ...command.feedback, idUser: state.data.idUser } }];
    }
    case 'AcceptShowcaseRegulation':
      if (state.status === 'NONE') throw new DomainError('BUYER_NOT_ELIGIBLE', 'unknown user');
      return state.showcaseRegulationAccepted ? [] : [{ type: 'ShowcaseRegulationAccepted', data: { idUser: state.data.idUser } }];
    default:
      return assertNever(command);
  }
}

/** Folds one user event. Never throws. */
export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return state.status === 'NONE'
        ? { status: 'ACTIVE', data: event.data, endedSessions: [], feedback: [], showcaseRegulationAccepted: false }
        : state;
    case 'UserSessionEnded':
      return state.status === 'ACTIVE' ? { ...state, endedSessions: [...state.endedSessions.slice(-99), event.data.sid] } : state;
    case 'FeedbackGiven': {
      const { idUser: _idUser, ...feedback } = event.data;
      return state.status === 'ACTIVE' ? { ...state, feedback: [...state.feedback, feedback] } : state;
    }
    case 'ShowcaseRegulationAccepted':
      return state.status === 'ACTIVE' ? { ...state, showcaseRegulationAccepted: true } : state;
    default: {
      const unknown: never = event;
      void unknown;
      return state;
    }
  }
}

/** The user decider. */
export const userDecider = { decide: decideUser, evolve: evolveUser, initialState: initialUserState };
