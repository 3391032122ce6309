import type { DealerRegistrationInput, RegistrationDocumentKind } from '@auction/domain';
import { ApiError, type Http } from '../../../api/http.js';
import type { Spinner } from '../../../ui/spinner.js';

/** One code-table element as the lookup call answers it. */
export interface CodeOption {
  readonly elementCode: string;
  readonly elementDes: string;
  readonly ranking: number;
}

/** `GET /open/ct-elements-map`: `{ [group]: { [market]: elements } }`. */
export type CodeTableMap = Readonly<Record<string, Readonly<Record<string, readonly CodeOption[]>>>>;

/** The elements of `group` for `market` (or of the first market answered: tables the same in every market). */
export function optionsOf(map: CodeTableMap | null, group: string, market?: string): readonly CodeOption[] {
  const byMarket = map?.[group];
  if (!byMarket) return [];
  const list = (market ? byMarket[market] : undefined) ?? Object.values(byMarket)[0] ?? [];
  return [...list].sort((a, b) => a.ranking - b.ranking || a.elementDes.localeCompare(b.elementDes));
}

function xsrfToken(): string | null {
  const match = /(?:^|;\s*)XSRF-TOKEN=([^;]+)/.exec(typeof document === 'undefined' ? '' : document.cookie);
  return match ? decodeURIComponent(match[1]!) : null;
}

/** The calls of the registration form. */
export interface RegistrationApi {
  codeTables(groupCodes: readonly string[], idMarkets: readonly string[], lang: string): Promise<CodeTableMap>;
  /** `GET /open/check-cf`: true when the Italian fiscal code matches name, surname and birth date. */
  checkFiscalCode(query: { birthDate: number; cf: string; name: string; surname: string }): Promise<boolean>;
  /** `POST /open/sign-up` (multipart): 201 `{idDealer}`; refusals come back as {@link ApiError}, no popup. */
  signUp(payload: DealerRegistrationInput, files: Partial<Record<RegistrationDocumentKind, File>>): Promise<{ idDealer: string }>;
}

/**
 * The registration calls. The sign-up is multipart, which the JSON client does not send: it is posted here with the
 * client's conventions (credentials, XSRF echo, spinner, errors as {@link ApiError} with `errorCode` and `details`);
 * the form shows its refusals itself (field messages and the error dialog).
 */
export function registrationApi(http: Http, spinner: Spinner): RegistrationApi {
  return {
    codeTables: (groupCodes, idMarkets, lang) =>
      http.get<CodeTableMap>('/api/v1/open/ct-elements-map', { query: { groupCodes, idMarkets, lang }, noSpinner: true }),
    checkFiscalCode: (query) => http.get<boolean>('/api/v1/open/check-cf', { query, noPopup: true }),
    async signUp(payload, files) {
      const body = new FormData();
      body.append('dealerFullDTO', JSON.stringify(payload));
      for (const [kind, file] of Object.entries(files)) if (file) body.append(kind, file, file.name);
      const headers: Record<string, string> = { accept: 'application/json' };
      const xsrf = xsrfToken();
      if (xsrf) headers['x-xsrf-token'] = xsrf;
      spinner.show();
      try {
        let response: Response;
        try {
          response = await fetch(http.url('/api/v1/open/sign-up'), { method: 'POST', body, headers, credentials: 'include' });
        } catch {
          throw new ApiError(0, 0, 'the server cannot be reached');
        }
        const text = await response.text();
        let data: unknown;
        try { data = text ? JSON.parse(text) : undefined; } catch { data = { errorMsg: text }; }
        if (!response.ok) {
          const b = (data ?? {}) as { errorCode?: unknown; errorMsg?: unknown; details?: unknown };
          throw new ApiError(response.status, typeof b.errorCode === 'number' ? b.errorCode : response.status,
            typeof b.errorMsg === 'string' ? b.errorMsg : `HTTP ${response.status}`, Array.isArray(b.details) ? (b.details as ApiError['details']) : []);
        }
        return data as { idDealer: string };
      } finally {
        spinner.hide();
      }
    },
  };
}
