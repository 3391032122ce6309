import { expect } from 'vitest';
import type { Decider } from '../shared/decider.js';
import { DomainError, ERROR_CODES, type ErrorCodeName } from '../shared/errors.js';

/** Outcome checks of one `given(...).when(...)`. */
export interface DeciderThen<Event, State> {
  /** The command produces exactly these events (asymmetric matchers allowed). */
  then(expected: readonly Event[]): void;
  /** The command is refused with the DomainError of this code name. */
  thenThrows(name: ErrorCodeName): void;
  /** The command is accepted but changes nothing (no event). */
  thenNothing(): void;
  /** The events the command produced and the state they lead to, for checks of one's own. */
  run(): { events: Event[]; state: State };
}

/** Given / when / then on a pure decider, in the spirit of emmett's `DeciderSpecification`. */
export interface DeciderSpecification<Command, Event, State> {
  given(events?: readonly Event[]): { when(command: Command): DeciderThen<Event, State> };
}

function describeOutcome(outcome: () => unknown): string {
  try {
    return `events ${JSON.stringify(outcome())}`;
  } catch (error) {
    return error instanceof DomainError ? `DomainError ${error.code} (${error.message})` : String(error);
  }
}

/** Builds a given / when / then specification over `decider`. */
export function spec<Command, Event, State>(decider: Decider<Command, Event, State>): DeciderSpecification<Command, Event, State> {
  return {
    given(given: readonly Event[] = []) {
      const state = given.reduce(decider.evolve, decider.initialState);
      return {
        when(command: Command): DeciderThen<Event, State> {
          const decide = () => decider.decide(command, state);
          return {
            then(expected) {
              expect(decide()).toEqual(expected);
            },
            thenNothing() {
              expect(decide()).toEqual([]);
            },
            thenThrows(name) {
              let caught: unknown = null;
              try {
                decide();
              } catch (error) {
                caught = error;
              }
              expect(caught, `expected ${name}, got ${describeOutcome(decide)}`).toBeInstanceOf(DomainError);
              expect((caught as DomainError).code, `expected ${name}, got ${describeOutcome(decide)}`).toBe(ERROR_CODES[name]);
            },
            run() {
              const events = decide();
              return { events, state: events.reduce(decider.evolve, state) };
            },
          };
        },
      };
    },
  };
}
