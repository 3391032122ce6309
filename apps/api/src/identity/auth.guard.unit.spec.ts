/**
 * Issue 21 items 1, 2 and 4 in the one access guard: a user (or a user's dealer) not enabled reaches its own account
 * only (403004); a read-only user opens no operator tool (403020); every request of a back-office user goes through
 * the market scope. The guard alone, with a fake session and read model.
 */
import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { Controller, Get, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role } from '@auction/domain';
import type { Actor } from './actor.js';
import { AuthGuard, NotForReadOnly, OwnAccount } from './auth.guard.js';
import { AuthService, type Session } from './auth.service.js';
import type { ResourceScope } from './resource-scope.js';

@Controller('api/v1')
class Routes {
  @Get('secure/running-auctions') business(): void {}
  @OwnAccount() @Get('secure/user') own(): void {}
  @NotForReadOnly() @Get('admin/mail') tool(): void {}
}

const DEALERS = new Map<string, { status: string }>([['dealer-D-ON', { status: 'ENABLED' }], ['dealer-D-PEND', { status: 'PENDING' }], ['dealer-D-OFF', { status: 'DISABLED' }]]);

function actor(over: Partial<Actor> = {}): Actor {
  return { idUser: 'u1', username: 'u1', roles: ['USER', 'BUYER'] as Role[], idDealer: 'D-ON', flgEnabled: true, ...over };
}

/** Runs the guard on `route` for `who`; answers 'ok' or the refusal's code, and the requests the scope saw. */
async function run(route: keyof Routes, who: Actor): Promise<{ outcome: number | 'ok'; scoped: number }> {
  const auth = new AuthService({ dealers: DEALERS } as never, undefined as never, undefined as never, undefined as never, undefined as never);
  auth.authenticate = (): Session => ({ actor: who, sid: 's', expiresAt: Date.now() + 60_000 });
  let scoped = 0;
  const scope = { check: async () => { scoped++; } } as unknown as ResourceScope;
  const guard = new AuthGuard(auth, new Reflector(), scope);
  const request = { method: 'GET', headers: { token: 't' }, params: {}, query: {}, body: undefined };
  const context = {
    getType: () => 'http', getHandler: () => Routes.prototype[route], getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
  try {
    await guard.canActivate(context);
    return { outcome: 'ok', scoped };
  } catch (error) {
    return { outcome: (error as { code: number }).code, scoped };
  }
}

describe('AuthGuard', () => {
  it('lets a user who or whose dealer is not enabled reach its own account only (403004 elsewhere)', async () => {
    for (const who of [actor({ flgEnabled: false, idDealer: 'D-PEND' }), actor({ idDealer: 'D-PEND' }), actor({ flgEnabled: false, idDealer: null })]) {
      expect((await run('business', who)).outcome).toBe(403004);
      expect((await run('own', who)).outcome).toBe('ok');
    }
    expect((await run('business', actor())).outcome).toBe('ok');
    // A dealer known only by its users (no stream of its own) is not a reason to refuse.
    expect((await run('business', actor({ idDealer: 'D-LEGACY' }))).outcome).toBe('ok');
  });

  it('refuses an operator tool to a read-only user even for reading (403020), not its other reads', async () => {
    const auditor = actor({ roles: ['USER', 'ADMIN'], idDealer: null, readOnly: true, adminEnabledMarket: ['IT'] });
    expect((await run('tool', auditor)).outcome).toBe(403020);
    expect((await run('business', auditor)).outcome).toBe('ok');
    expect((await run('tool', { ...auditor, readOnly: false })).outcome).toBe('ok');
  });

  it('hands every admitted request to the market scope', async () => {
    expect((await run('business', actor())).scoped).toBe(1);
    expect((await run('business', actor({ flgEnabled: false }))).scoped).toBe(0);
  });
});
