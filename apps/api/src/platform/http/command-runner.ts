import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Actor } from '../../identity/actor.js';
import { Consistency } from '../engine/consistency.js';
import type { CommandOutcome } from '../engine/stream-writer.js';

/** Sends a command and records its position so the caller's next queries see it. */
@Injectable()
export class CommandRunner {
  constructor(private readonly bus: CommandBus, private readonly consistency: Consistency) {}

  async run<R>(actor: Actor, command: object): Promise<R> {
    const outcome = (await this.bus.execute(command as never)) as CommandOutcome<R>;
    this.consistency.noteWrite(outcome);
    return outcome.reply;
  }

  /** Runs a system command (scheduler, follow-ups) and returns its outcome. */
  async system<R>(command: object): Promise<CommandOutcome<R>> {
    const outcome = (await this.bus.execute(command as never)) as CommandOutcome<R>;
    this.consistency.noteWrite(outcome);
    return outcome;
  }
}
