import { describe, expect, it, vi } from 'vitest';
import { ZodError } from 'zod';
import { ApiError, AUTHENTICATION_FAILED_MESSAGE, type Http, type RequestOptions } from '../../../api/http.js';
import { anonymisationApi } from '../anonymisation/anonymisation-api.js';
import { aboutTarget, shownAsDialog, targetErrorCode } from './target-errors.js';
import { userCardErrorCode } from './UserCardMissing.js';
import { usersApi } from './users-api.js';

/** An Http whose every call fails with `error`, recording the options it was given. */
function failingHttp(error: ApiError) {
  const options: RequestOptions[] = [];
  const fail = (...args: unknown[]) => {
    const last = args[args.length - 1];
    options.push(typeof last === 'object' && last !== null ? (last as RequestOptions) : {});
    return Promise.reject(error);
  };
  const http = { get: fail, put: fail, post: fail, patch: fail, delete: fail, url: () => '' } as unknown as Http;
  return { http, options };
}

const unknownUser = () => new ApiError(404, 404060, 'user not found');

describe('calls about another user (attack: an unknown id logged the administrator out)', () => {
  it('an unknown target is "this user does not exist" (404060), never the own-account 404010 that logs out', () => {
    expect(targetErrorCode(404060)).toBe(404060);
    expect(targetErrorCode(404010)).toBe(404060);
    expect(targetErrorCode(403021)).toBe(403021);
  });

  it.each([
    ['setEnabled', (api: ReturnType<typeof usersApi>) => api.setEnabled('gone-1', false)],
    ['remove', (api: ReturnType<typeof usersApi>) => api.remove('gone-1')],
    ['resetPassword', (api: ReturnType<typeof usersApi>) => api.resetPassword('gone-1')],
    ['addPermission', (api: ReturnType<typeof usersApi>) => api.addPermission('gone-1', 'BUYER')],
    ['removePermission', (api: ReturnType<typeof usersApi>) => api.removePermission('gone-1', 'BUYER')],
    ['save', (api: ReturnType<typeof usersApi>) => api.save({ idUser: 'gone-1', name: 'X' } as never)],
    ['audit', (api: ReturnType<typeof usersApi>) => api.audit('gone-1', 10, 0)],
  ])('%s: the client popup is off and the unknown user is shown as 404060, the failure still reaches the caller', async (_name, call) => {
    const { http, options } = failingHttp(unknownUser());
    const dialogs = { error: vi.fn(() => Promise.resolve(true)) };
    await expect(call(usersApi(http, dialogs))).rejects.toBeInstanceOf(ApiError);
    expect(options.every((o) => o.noErrorPopup === true)).toBe(true);
    expect(dialogs.error).toHaveBeenCalledExactlyOnceWith(404060);
  });

  it('the card load shows no popup at all (its page says it)', async () => {
    const { http, options } = failingHttp(unknownUser());
    const dialogs = { error: vi.fn(() => Promise.resolve(true)) };
    await expect(usersApi(http, dialogs).get('gone-1')).rejects.toBeInstanceOf(ApiError);
    expect(options[0]?.noErrorPopup).toBe(true);
    expect(dialogs.error).not.toHaveBeenCalled();
  });

  it('anonymising an unknown user shows 404001 and keeps the session', async () => {
    const { http, options } = failingHttp(unknownUser());
    const dialogs = { error: vi.fn(() => Promise.resolve(true)) };
    await expect(anonymisationApi(http, dialogs).anonymise('gone-1')).rejects.toBeInstanceOf(ApiError);
    expect(options[0]?.noErrorPopup).toBe(true);
    expect(dialogs.error).toHaveBeenCalledExactlyOnceWith(404060);
  });

  it('other refusals keep their code; session-level ones and an unreachable server stay with the client', async () => {
    const dialogs = { error: vi.fn(() => Promise.resolve(true)) };
    await expect(aboutTarget(dialogs, Promise.reject(new ApiError(403, 403021, 'outside')))).rejects.toBeInstanceOf(ApiError);
    expect(dialogs.error).toHaveBeenCalledExactlyOnceWith(403021);
    for (const error of [
      new ApiError(0, 0, 'unreachable'), new ApiError(401, 401001, 'no login'), new ApiError(403, 403, 'Forbidden'),
      new ApiError(403, 403003, 'xsrf'), new ApiError(403, 403000, AUTHENTICATION_FAILED_MESSAGE), new ApiError(400, 400020, 'silent'),
    ]) expect(shownAsDialog(error), `${error.status}/${error.errorCode}`).toBe(false);
  });
});

describe('userCardErrorCode', () => {
  it('a malformed id (params parse) is "does not exist", an unknown one "this user does not exist"; other refusals keep their code', () => {
    expect(userCardErrorCode(new ZodError([]))).toBe(404001);
    expect(userCardErrorCode(unknownUser())).toBe(404060);
    expect(userCardErrorCode(new ApiError(404, 404001, 'no route'))).toBe(404001);
    expect(userCardErrorCode(new ApiError(403, 403021, 'outside'))).toBe(403021);
  });
});
