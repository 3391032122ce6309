/** A decider: the pure core of an aggregate (emmett's shape). */
export interface Decider<Command, Event, State> {
  readonly decide: (command: Command, state: State) => Event[];
  readonly evolve: (state: State, event: Event) => State;
  readonly initialState: State;
}
