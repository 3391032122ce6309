/**
 * A start refused for a reason the operator can fix (a variable's value, a service it names that does not answer):
 * printed as its message, without a stack, which would only say where in the code the check is.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}

/**
 * The refusal of a service a variable names, with the variable and the service's own reason (first line only: a
 * Kafka or gRPC error's message can carry its own stack).
 */
export function serviceUnreachable(variable: string, what: string, cause: unknown): StartupError {
  const reason = cause instanceof Error ? cause.message || cause.name : String(cause);
  const inner = cause instanceof Error && cause.cause instanceof Error ? cause.cause.message.split('\n')[0]! : '';
  const causeOf = inner && !reason.includes(inner) ? ` (${inner})` : '';
  return new StartupError(`${variable}: ${what}: ${reason.split('\n')[0]}${causeOf}`, { cause });
}

/** The line(s) printed when the API does not start: a {@link StartupError}'s message, anything else with its stack. */
export function describeStartFailure(err: unknown): string {
  if (err instanceof StartupError) return `failed to start: ${err.message}`;
  return `failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`;
}
