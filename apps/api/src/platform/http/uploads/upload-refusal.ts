import type { FastifyReply } from 'fastify';
import { API_ERROR_CODES, type ErrorBody, type RefusedVehicleRow } from '@auction/contracts';
import { BlobRefusedError, BlobTooLargeError } from '@auction/blob-store';
import { MULTIPART_BUSY_RETRY_AFTER_SECONDS, MultipartError } from '../../../identity/registration/multipart.js';

/** A photo refused by its decoder: too many pixels (a bomb), or not a picture it can read. */
export class PhotoRefusedError extends Error {
  constructor(readonly problem: 'tooManyPixels' | 'unreadable', message: string) {
    super(message);
    this.name = 'PhotoRefusedError';
  }
}

/**
 * A refusal of a vehicle upload or file call, answered by its controller: a status the API's error filter does not
 * map (413, 415, 422 with the refused rows), a numeric code, and for a vehicle file the refused rows.
 */
export class UploadRefusal extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 413 | 415 | 422 | 429, readonly errorCode: number, message: string,
    readonly details?: ErrorBody['details'], readonly rows?: readonly RefusedVehicleRow[], readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'UploadRefusal';
  }

  get body(): ErrorBody & { rows?: readonly RefusedVehicleRow[] } {
    return {
      errorCode: this.errorCode, errorMsg: this.message, ...(this.details ? { details: this.details } : {}), ...(this.rows ? { rows: this.rows } : {}),
    };
  }
}

/** The refusal of a failed read of an upload's body or file (too large, wrong type, broken multipart, a bomb). */
export function refusalOf(error: unknown, maxBytes: number): UploadRefusal {
  if (error instanceof UploadRefusal) return error;
  if (error instanceof BlobTooLargeError) return new UploadRefusal(413, API_ERROR_CODES.VEHICLE_UPLOAD_TOO_LARGE, `the file is larger than ${maxBytes} bytes`, [{ field: 'file', rule: 'tooLarge' }]);
  if (error instanceof BlobRefusedError) return new UploadRefusal(415, API_ERROR_CODES.VEHICLE_UPLOAD_WRONG_TYPE, `the file's content is refused: ${error.reason}`, [{ field: 'file', rule: 'type' }]);
  if (error instanceof PhotoRefusedError) {
    return error.problem === 'tooManyPixels'
      ? new UploadRefusal(413, API_ERROR_CODES.VEHICLE_PHOTO_TOO_MANY_PIXELS, error.message, [{ field: 'file', rule: 'pixels' }])
      : new UploadRefusal(422, API_ERROR_CODES.VEHICLE_UPLOAD_UNREADABLE, error.message, [{ field: 'file', rule: 'unreadable' }]);
  }
  if (error instanceof MultipartError) {
    if (error.problem === 'notMultipart') return new UploadRefusal(415, API_ERROR_CODES.VEHICLE_UPLOAD_NOT_MULTIPART, 'an upload is multipart/form-data with a part `file`');
    if (error.problem === 'busy') return new UploadRefusal(429, API_ERROR_CODES.TOO_MANY_REQUESTS, error.message, undefined, undefined, MULTIPART_BUSY_RETRY_AFTER_SECONDS);
    if (error.problem === 'tooLarge') return new UploadRefusal(413, API_ERROR_CODES.VEHICLE_UPLOAD_TOO_LARGE, error.message);
    return new UploadRefusal(400, API_ERROR_CODES.VEHICLE_UPLOAD_MALFORMED, error.message, [{ field: 'body', rule: 'malformed' }]);
  }
  throw error;
}

/** Answers an {@link UploadRefusal} on `reply`; any other error goes on to the API's error filter. */
export function answerUploadRefusal(error: unknown, reply: FastifyReply): ErrorBody {
  if (!(error instanceof UploadRefusal)) throw error;
  void reply.status(error.status);
  if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
  return error.body;
}
