import { Injectable } from '@nestjs/common';

/**
 * One store of a context that keeps a person's e-mail address beside the log (an outbox, a mailing list) and can forget
 * it. Answers how many rows it changed.
 */
export interface PersonalDataEraser {
  readonly name: string;
  forgetEmail(email: string): Promise<number>;
}

/**
 * The stores that keep e-mail addresses outside the identity and dealers contexts register here (at module init), and
 * the anonymisation (right to erasure) asks each of them to forget an erased person's addresses: the contexts stay
 * apart (the back-office does not import communication), and a new store cannot be forgotten by the erasure once
 * registered.
 */
@Injectable()
export class PersonalDataErasers {
  private readonly erasers: PersonalDataEraser[] = [];

  register(eraser: PersonalDataEraser): void {
    if (!this.erasers.some((e) => e.name === eraser.name)) this.erasers.push(eraser);
  }

  /** Every registered store forgets the address (compared without case); the rows changed, in all. */
  async forgetEmail(email: string): Promise<number> {
    let changed = 0;
    for (const eraser of this.erasers) changed += await eraser.forgetEmail(email.trim().toLowerCase());
    return changed;
  }

  get names(): readonly string[] {
    return this.erasers.map((e) => e.name);
  }
}
