import { Body, Controller, Delete, Get, Header, HttpCode, Patch, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  AdminEditUserRequest, AdminEnableUserRequest, AdminPermissionQuery, AdminPermissionRequest, AdminResetPasswordRequest,
  AdminUserQuery, AdminUsersQuery, type AdminDeleteUserAnswer, type AdminResetPasswordAnswer, type AdminUserDetails, type AdminUsersPage,
} from '@auction/contracts';
import type { Actor } from '../../identity/actor.js';
import { CurrentActor, Roles } from '../../identity/auth.guard.js';
import { AccountAccessError } from '../../identity/passwords/account-access-error.js';
import { parse } from '../../platform/http/validation.js';
import { AdminUsersService } from './admin-users.service.js';
import { NO_STORE_HEADER } from '../../platform/http/cache-policy.js';

// Answers carry names, e-mails, phones, fiscal codes: never kept by a browser or a proxy (NO_STORE_HEADER).

/** The users back-office (`/api/v1/admin/user*`); the role matrix of issue 14: ADMIN alone deletes and grants roles. */
@Controller('api/v1/admin')
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Header(...NO_STORE_HEADER)
  @Get('users')
  list(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<AdminUsersPage> {
    return this.users.list(actor, parse(AdminUsersQuery, query, 'query'));
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Header(...NO_STORE_HEADER)
  @Get('user')
  get(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<AdminUserDetails> {
    return this.users.get(actor, parse(AdminUserQuery, query, 'query').idUser);
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Header(...NO_STORE_HEADER)
  @Put('user')
  edit(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<AdminUserDetails> {
    return this.users.edit(actor, parse(AdminEditUserRequest, body));
  }

  @Roles('ADMIN')
  @Delete('user')
  async delete(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<AdminDeleteUserAnswer> {
    const { idUser } = parse(AdminUserQuery, query, 'query');
    await this.users.delete(actor, idUser);
    return { idUser, state: 'DELETED' };
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Patch('user/reset-pwd')
  @HttpCode(200)
  async resetPassword(@CurrentActor() actor: Actor, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminResetPasswordAnswer> {
    const { idUser } = parse(AdminResetPasswordRequest, body);
    try {
      await this.users.resetPassword(actor, idUser);
    } catch (error) {
      if (error instanceof AccountAccessError && 'retryAfterMs' in error) void reply.header('retry-after', String(Math.max(1, Math.ceil(Number(error.retryAfterMs) / 1000))));
      throw error;
    }
    return { idUser, mailed: true };
  }

  @Roles('ADMIN', 'CUSTOMER_CENTER')
  @Header(...NO_STORE_HEADER)
  @Patch('user/enable-disable')
  @HttpCode(200)
  setEnabled(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<AdminUserDetails> {
    const { idUser, flgEnabled } = parse(AdminEnableUserRequest, body);
    return this.users.setEnabled(actor, idUser, flgEnabled);
  }

  @Roles('ADMIN')
  @Header(...NO_STORE_HEADER)
  @Post('user/permission')
  @HttpCode(200)
  grant(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<AdminUserDetails> {
    const { idUser, permission } = parse(AdminPermissionRequest, body);
    return this.users.setPermission(actor, idUser, permission, true);
  }

  @Roles('ADMIN')
  @Header(...NO_STORE_HEADER)
  @Delete('user/permission')
  revoke(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<AdminUserDetails> {
    const { userID, permission } = parse(AdminPermissionQuery, query, 'query');
    return this.users.setPermission(actor, userID, permission, false);
  }
}
