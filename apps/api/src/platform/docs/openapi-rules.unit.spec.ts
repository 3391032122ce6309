/**
 * The OpenAPI description states the rules the calls check (the administrator's fuzz, issue 24 item 2): a value the
 * description takes is one the call takes, and the description's own patterns are the checks' patterns.
 */
import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import {
  AdminDealerSearchQuery, AdminEditUserRequest, CtaUrl, DAY_OR_INSTANT_FILTER, EMAIL_PATTERN, EmailAddress, VehicleFileMultipartBody, VehicleListQuery,
} from '@auction/contracts';
import { openApiDocument } from './openapi.js';

type Parameter = { name: string; in: string; required: boolean; style?: string; explode?: boolean; schema: Record<string, unknown> };
type Operation = { parameters: Parameter[]; responses: Record<string, unknown>; requestBody?: { content: Record<string, { schema: Record<string, unknown> }> } };
const paths = openApiDocument().paths as Record<string, Record<string, Operation>>;
const query = (method: string, path: string) => paths[path]![method]!.parameters.filter((p) => p.in === 'query');
const bodyOf = (method: string, path: string) => Object.values(paths[path]![method]!.requestBody!.content)[0]!.schema as { properties: Record<string, Record<string, unknown>>; required?: string[] } & Record<string, unknown>;

/** Every `pattern` of a schema, its sub-schemas' too. */
function patternsOf(node: unknown): string[] {
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([k, v]) => (k === 'pattern' && typeof v === 'string' ? [v] : patternsOf(v)));
}

/** A real calendar day of the years 1900-9998 by the calendar itself. */
function isRealDay(y: number, m: number, d: number): boolean {
  const day = new Date(Date.UTC(2000, m - 1, d));
  day.setUTCFullYear(y);
  return y >= 1900 && y <= 9998 && day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

describe('the day filters (dealer searches, vehicle lists)', () => {
  it('take exactly the real days of the years 1900-9998, with or without a time and offset', () => {
    const pad = (n: number, w: number) => String(n).padStart(w, '0');
    for (const y of [0, 1, 1899, 1900, 1904, 2000, 2024, 2026, 2100, 2400, 9996, 9998, 9999]) {
      for (let m = 0; m <= 13; m++) {
        for (const d of [0, 1, 28, 29, 30, 31, 32]) {
          const text = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
          expect([text, DAY_OR_INSTANT_FILTER.test(text)]).toEqual([text, isRealDay(y, m, d)]);
        }
      }
    }
    expect(DAY_OR_INSTANT_FILTER.test('2026-02-28T10:00Z')).toBe(true);
    expect(DAY_OR_INSTANT_FILTER.test('2026-02-28T23:59:59.999+01:00')).toBe(true);
    expect(DAY_OR_INSTANT_FILTER.test('2026-02-28T24:00Z')).toBe(false);
    expect(DAY_OR_INSTANT_FILTER.test('2026-02-28T:::Z')).toBe(false);
  });

  it('are described by the pattern that checks them (the fuzz sent 0000-00-00: schema-valid, refused)', () => {
    for (const [method, path] of [['get', '/api/v1/admin/auctioneer'], ['get', '/api/v1/secure/vehicle']] as const) {
      const createFrom = query(method, path).find((p) => p.name === (path.includes('vehicle') ? 'insertDate' : 'createFrom'))!;
      expect(createFrom.schema.pattern).toBe(DAY_OR_INSTANT_FILTER.source);
    }
    expect(AdminDealerSearchQuery.safeParse({ createFrom: '0000-00-00' }).success).toBe(false);
    expect(AdminDealerSearchQuery.safeParse({ createFrom: '2024-02-29', createTo: '2026-11-25T10:00:00Z' }).success).toBe(true);
    expect(VehicleListQuery.safeParse({ insertDate: '2026-02-30' }).success).toBe(false);
    expect(VehicleListQuery.parse({ insertDate: '2026-02-28', state: 'STOCK' }).insertDate).toEqual({ ms: Date.parse('2026-02-28T00:00:00Z'), day: true });
  });
});

describe('strings, e-mails and links', () => {
  it('states that no string carries NUL (the fuzz sent brand=%00, a postalCode with NUL)', () => {
    const brand = query('get', '/api/v1/secure/showcase/search-vehicles').find((p) => p.name === 'brand')!;
    expect(patternsOf(brand.schema)).toContain('^[^\\u0000]*$');
    const dealer = bodyOf('post', '/api/v1/admin/dealer');
    expect(patternsOf(dealer.properties.postalCode)).toContain('^[^\\u0000]*$');
  });

  it('describes an e-mail with the pattern that checks it, and a list of addresses without repeats', () => {
    const recipients = bodyOf('post', '/api/v1/admin/email').properties.recipients as { items: Record<string, unknown>; uniqueItems?: boolean };
    expect(recipients.items.pattern).toBe(EMAIL_PATTERN.source);
    expect(new RegExp(String(recipients.items.pattern)).test('')).toBe(false);
    expect(recipients.uniqueItems).toBe(true);
    // Lists that name each value once (the fuzz sent roles ["EXHIBITOR","ADMIN","ADMIN"], refused 400001 as valid data).
    expect(bodyOf('post', '/api/v1/secure/user').properties.roles!.uniqueItems).toBe(true);
    expect(bodyOf('post', '/api/v1/admin/seller').properties.areas!.uniqueItems).toBe(true);
    expect(EmailAddress.safeParse('').success).toBe(false);
    const email = bodyOf('put', '/api/v1/admin/user').properties.email!;
    expect(email.format).toBe('email');
    expect(AdminEditUserRequest.safeParse({ idUser: 'u1', email: '' }).success).toBe(false);
    expect(AdminEditUserRequest.safeParse({ idUser: 'u1', birthDate: '0000-00-00' }).success).toBe(false);
    expect(AdminEditUserRequest.safeParse({ idUser: 'u1', birthDate: '2000-02-29' }).success).toBe(true);
  });

  it('describes a banner link by the pattern that checks it', () => {
    const cta = bodyOf('post', '/api/v1/admin/top-cms').properties.ctaUrl as { anyOf: Record<string, unknown>[] };
    const pattern = new RegExp(String(cta.anyOf.find((s) => s.type === 'string')!.pattern));
    for (const [url, ok] of [['/registration', true], ['/', true], ['#contacts', true], ['https://example.com/x?y', true], ['HTTPS://a.b', true],
      ['', false], ['//evil.example', false], ['javascript:alert(1)', false], ['/a\\b', false], ['/a b', false], ['https://nohost', false], ['/a\ufeffb', false], ['/a\u0000b', false]] as const) {
      expect([url, pattern.test(url), CtaUrl.safeParse(url).success]).toEqual([url, ok, ok]);
    }
  });
});

describe('calls whose fields depend on each other, and what the calls answer', () => {
  it('describes the audit query as one object: exactly one of idUser and idDealer', () => {
    const [audit] = query('get', '/api/v1/admin/audit');
    expect(audit).toMatchObject({ style: 'form', explode: true, schema: { oneOf: [{ required: ['idUser'] }, { required: ['idDealer'] }] } });
  });

  it('describes the report query with its required type and the filters each type has', () => {
    const [report] = query('get', '/api/v1/admin/report');
    expect(report!.schema.required).toContain('reportType');
    expect(JSON.stringify(report!.schema.allOf)).toContain('"loginType"');
    expect(report!.schema.additionalProperties).toBe(false);
  });

  it('says a sendToSup hand-over list names its provenance, and a push names a recipient', () => {
    expect(JSON.stringify(query('get', '/api/v1/secure/vehicle-handover-users')[0]!.schema.anyOf)).toContain('"provenance"');
    expect(bodyOf('post', '/api/v1/admin/push-notification').anyOf).toEqual([{ required: ['idUsers'] }, { required: ['idDealers'] }, { required: ['market'] }]);
  });

  it('lists dealers without idDealer (GET /admin/dealer answers the search then)', () => {
    expect(query('get', '/api/v1/admin/dealer').find((p) => p.name === 'idDealer')?.required).toBe(false);
  });

  it('describes no Idempotency-Key where a POST only reads and ignores it', () => {
    expect(paths['/api/v1/secure/export-vehicle']!.post!.parameters.map((p) => p.name)).not.toContain('Idempotency-Key');
    expect(paths['/api/v1/admin/dealer']!.post!.parameters.map((p) => p.name)).toContain('Idempotency-Key');
  });

  it('documents the 200 of the rebuild\'s progress and the 202 of starting one', () => {
    expect(Object.keys(paths['/api/v1/admin/read-models/rebuild']!.get!.responses)).toContain('200');
    expect(Object.keys(paths['/api/v1/admin/read-models/rebuild']!.post!.responses)).toContain('202');
  });

  it('describes the uploads\' text fields as they are checked (tempId and tupla not blank)', () => {
    const form = bodyOf('post', '/api/v1/secure/upload-photos');
    expect(form.properties.tempId!.minLength).toBe(1);
    expect(VehicleFileMultipartBody.shape.tempId.safeParse(' ').success).toBe(false);
    expect(bodyOf('post', '/api/v1/admin/top-cms/image').properties.file!.format).toBe('binary');
  });
});
