import { Body, Controller, Get, Header, Put, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { UpdateIbanRequest, UpdateUserRequest, UsersOfDealerQuery, type DealerUsersPage, type UserDetails, type UserProfile } from '@auction/contracts';
import type { Actor } from '../actor.js';
import { CurrentActor, Public, TokenOnly, OwnAccount } from '../auth.guard.js';
import { AuthService } from '../auth.service.js';
import { parse } from '../../platform/http/validation.js';
import { optionalSession } from './optional-session.js';
import { ProfileService } from './profile.service.js';
import { NO_STORE_HEADER } from '../../platform/http/cache-policy.js';

// Every answer here is personal (names, e-mail, fiscal code, the whole IBAN) or depends on who asks (`logged` is
// public and reads the cookie itself): never stored by the browser or a proxy (NO_STORE_HEADER on each route).

/** The caller's own account (web: session cookie or token header; mobile: token header), and a dealer's users. */
@Controller('api/v1')
export class ProfileController {
  constructor(private readonly profiles: ProfileService, private readonly auth: AuthService) {}

  @Header(...NO_STORE_HEADER)
  @OwnAccount()
  @Get('secure/user')
  user(@CurrentActor() actor: Actor): Promise<UserDetails> {
    return this.profiles.details(actor.idUser);
  }

  @TokenOnly()
  @Header(...NO_STORE_HEADER)
  @OwnAccount()
  @Get('mobile/user')
  mobileUser(@CurrentActor() actor: Actor): Promise<UserDetails> {
    return this.profiles.details(actor.idUser);
  }

  @Header(...NO_STORE_HEADER)
  @OwnAccount()
  @Put('secure/user')
  update(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<UserDetails> {
    return this.profiles.update(actor, parse(UpdateUserRequest, body));
  }

  @TokenOnly()
  @Header(...NO_STORE_HEADER)
  @OwnAccount()
  @Put('mobile/user')
  mobileUpdate(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<UserDetails> {
    return this.profiles.update(actor, parse(UpdateUserRequest, body));
  }

  @Header(...NO_STORE_HEADER)
  @OwnAccount()
  @Put('secure/user/iban')
  iban(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<UserDetails> {
    return this.profiles.setIban(actor, parse(UpdateIbanRequest, body).iban);
  }

  /** Public on purpose: no session is an answer here (`null`, 200), not an error. */
  @Public()
  @Header(...NO_STORE_HEADER)
  @Get('secure/logged')
  logged(@Req() request: FastifyRequest): UserProfile | null {
    const session = optionalSession(this.auth, request, false);
    return session ? this.auth.profile(session.actor.idUser) : null;
  }

  /** As `secure/logged`, for the mobile app's token header only. */
  @Public()
  @Header(...NO_STORE_HEADER)
  @Get('mobile/logged')
  mobileLogged(@Req() request: FastifyRequest): UserProfile | null {
    const session = optionalSession(this.auth, request, true);
    return session ? this.auth.profile(session.actor.idUser) : null;
  }

  @Header(...NO_STORE_HEADER)
  @Get('secure/users-dealer')
  usersOfDealer(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<DealerUsersPage> {
    return this.profiles.usersOfDealer(actor, parse(UsersOfDealerQuery, query, 'query'));
  }
}
