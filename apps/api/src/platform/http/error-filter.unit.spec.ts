import { describe, expect, test } from '@jest/globals';
import { API_ERROR_CODES } from '@auction/contracts';
import { CommitOutcomeUnknownError, WrongExpectedVersionError } from '@auction/event-store';
import { toErrorResponse } from './error.filter.js';

describe('toErrorResponse: the event store\'s refusals', () => {
  test('a write whose COMMIT the database did not confirm is a 503 to retry, not a 500', () => {
    const { status, body } = toErrorResponse(new CommitOutcomeUnknownError('1234', new Error('connect ECONNREFUSED')));
    expect(status).toBe(503);
    expect(body.errorCode).toBe(API_ERROR_CODES.UNAVAILABLE);
    expect(body.errorMsg).not.toContain('1234');
  });

  test('a version conflict is a 503 too; an unknown error stays a 500 without its text', () => {
    expect(toErrorResponse(new WrongExpectedVersionError('s', 1, 2)).status).toBe(503);
    const unknown = toErrorResponse(new Error('secret detail'));
    expect(unknown).toEqual({ status: 500, body: { errorCode: API_ERROR_CODES.INTERNAL, errorMsg: 'internal error' } });
  });
});
