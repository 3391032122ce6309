import { Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { API_ERROR_CODES } from '@auction/contracts';
import type { Session } from '../../identity/auth.service.js';
import { AccessError } from '../../platform/engine/access-error.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import { showcaseClosedTo } from '../../platform/engine/sales-access.js';

const ANSWERS_CLOSED = 'showcase:answers-closed';

/** Marks the one showcase call a user the showcase is shut to may still make: it answers that it is shut (`showcase-enabled`). */
export const AnswersClosed = () => SetMetadata(ANSWERS_CLOSED, true);

/**
 * The showcase's door, in one place: every call of the web and mobile showcase controllers passes it (class-level
 * guard, after the access guard). A user the back-office shut the showcase to gets 403440 on every call but
 * `showcase-enabled`, which answers `{enabled: false}` so the client hides the tab.
 */
@Injectable()
export class ShowcaseOpenGuard implements CanActivate {
  constructor(private readonly index: LiveReadModel, private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const session = context.switchToHttp().getRequest<{ session?: Session }>().session;
    if (!session?.actor || !showcaseClosedTo(this.index, session.actor.idUser)) return true;
    if (this.reflector.get<boolean>(ANSWERS_CLOSED, context.getHandler())) return true;
    throw new AccessError(403, API_ERROR_CODES.SHOWCASE_CLOSED_TO_USER, 'the showcase is closed to this user');
  }
}
