/**
 * Numeric error codes of accounts and registration, in one place so the API, the OpenAPI description and the
 * translations (`t('errors:<code>')`) agree. Six digits, the first three the HTTP status (as `ERROR_CODES` of
 * `shared/errors.ts`), except 600002 which the spec fixes for a bad or missing registration file (the API answers
 * it with status 422). Field-level detail travels beside the code as message keys ({@link FORM_MESSAGE_KEYS}).
 */
export const REGISTRATION_ERROR_CODES = {
  /** Spec 01 §5/§8: the visura is not a PDF, the legal document is missing, or a file is of a refused type or too large. */
  DOCUMENT_INVALID: 600002,
  /** `POST /open/sign-up`: the dealer registration payload breaks a rule of spec 01 §5 (details: field + key). */
  DEALER_REGISTRATION_INVALID: 422101,
  /** `POST /open/user-sign-up`: the invite sign-up breaks a rule of spec 01 §5 (details: field + key). */
  USER_SIGN_UP_INVALID: 422102,
  /** An Italian fiscal code is malformed, has a wrong check character or does not match name, surname, birth date. */
  FISCAL_CODE_INVALID: 422103,
  /** A new password is too short, too long, too weak (fewer than 3 of 4 classes) or differs from its confirmation. */
  PASSWORD_INVALID: 422104,
  /** A password recovery request without a usable username or e-mail. */
  PASSWORD_RECOVERY_REQUEST_INVALID: 422105,
  /** An IBAN that is malformed, of an unknown country or with a wrong checksum. */
  IBAN_INVALID: 422106,
} as const;

/** Name of one registration error code. */
export type RegistrationErrorCodeName = keyof typeof REGISTRATION_ERROR_CODES;
/** One registration error code. */
export type RegistrationErrorCode = (typeof REGISTRATION_ERROR_CODES)[RegistrationErrorCodeName];

/** Spec 01 §8: the code of a bad or missing registration file (also in {@link REGISTRATION_ERROR_CODES}). */
export const DOCUMENT_ERROR_CODE = REGISTRATION_ERROR_CODES.DOCUMENT_INVALID;
