import { describe, expect, test } from 'vitest';
import { checkDocument, documentRules, isAcceptedDocumentName, isRegistrationDocumentKind, isSafeDocumentName, MAX_DOCUMENT_BYTES, sniffDocumentType } from './documents.js';
import { SAMPLE_DOCUMENTS } from './registration.test-support.js';

describe('sniffDocumentType: by magic bytes, never by name', () => {
  test.each([
    ['pdf', 'pdf'], ['jpeg', 'jpeg'], ['png', 'png'], ['eps', 'eps'], ['dosEps', 'eps'], ['postscript', null], ['text', null],
  ] as const)('%s → %s', (sample, type) => {
    expect(sniffDocumentType(SAMPLE_DOCUMENTS[sample])).toBe(type);
  });
  test('empty, truncated and non-byte input', () => {
    expect(sniffDocumentType(new Uint8Array())).toBeNull();
    expect(sniffDocumentType(SAMPLE_DOCUMENTS.png.subarray(0, 7))).toBeNull();
    expect(sniffDocumentType('%PDF-1.4' as unknown as Uint8Array)).toBeNull();
  });
  test('EPSF must be on the first line', () => {
    expect(sniffDocumentType(new TextEncoder().encode('%!PS-Adobe-3.0\n%% EPSF-3.0 later\n'))).toBeNull();
  });
});

describe('checkDocument: the server check of an upload (600002 on refusal)', () => {
  test('visura: a PDF only', () => {
    expect(checkDocument('visura', { name: 'visura.pdf', bytes: SAMPLE_DOCUMENTS.pdf })).toEqual({ ok: true, type: 'pdf' });
    expect(checkDocument('visura', { name: 'visura.png', bytes: SAMPLE_DOCUMENTS.png })).toEqual({ ok: false, reason: 'wrongType', errorCode: 600002 });
  });
  test('legal documents: JPEG, PNG, PDF, EPS', () => {
    for (const sample of ['jpeg', 'png', 'pdf', 'eps', 'dosEps'] as const) expect(checkDocument('doc', { bytes: SAMPLE_DOCUMENTS[sample] }).ok).toBe(true);
  });
  test('a text file renamed to .pdf is refused', () => {
    expect(checkDocument('visura', { name: 'visura.pdf', bytes: SAMPLE_DOCUMENTS.text })).toEqual({ ok: false, reason: 'wrongType', errorCode: 600002 });
    expect(checkDocument('doc2', { name: 'notes.txt.pdf', bytes: SAMPLE_DOCUMENTS.text })).toMatchObject({ ok: false, reason: 'wrongType' });
  });
  test('a right file with a refused name', () => {
    expect(checkDocument('doc', { name: 'scan.txt', bytes: SAMPLE_DOCUMENTS.pdf })).toMatchObject({ ok: false, reason: 'wrongName' });
  });
  test('missing or empty', () => {
    expect(checkDocument('doc', null)).toMatchObject({ ok: false, reason: 'missing', errorCode: 600002 });
    expect(checkDocument('doc', { name: 'a.pdf', bytes: new Uint8Array() })).toMatchObject({ ok: false, reason: 'missing' });
  });
  test('10 MiB accepted, one byte more refused', () => {
    expect(MAX_DOCUMENT_BYTES).toBe(10 * 1024 * 1024);
    const atLimit = new Uint8Array(MAX_DOCUMENT_BYTES);
    atLimit.set(SAMPLE_DOCUMENTS.pdf);
    expect(checkDocument('visura', { bytes: atLimit }).ok).toBe(true);
    const over = new Uint8Array(MAX_DOCUMENT_BYTES + 1);
    over.set(SAMPLE_DOCUMENTS.pdf);
    expect(checkDocument('visura', { bytes: over })).toMatchObject({ ok: false, reason: 'tooLarge' });
  });
  test('names by kind', () => {
    expect(documentRules.visura.accepted).toEqual(['pdf']);
    expect(isAcceptedDocumentName('visura', 'Visura.PDF')).toBe(true);
    expect(isAcceptedDocumentName('visura', 'visura.jpg')).toBe(false);
    expect(isAcceptedDocumentName('doc', 'logo.eps')).toBe(true);
    expect(isAcceptedDocumentName('doc', '.pdf')).toBe(false);
  });
});

describe('unknown kinds answer instead of throwing (attack review R2)', () => {
  test.each(['passport', '__proto__', 'constructor', 'toString', 'hasOwnProperty', ''])('kind %j', (kind) => {
    expect(checkDocument(kind, { name: 'a.pdf', bytes: SAMPLE_DOCUMENTS.pdf })).toEqual({ ok: false, reason: 'unknownKind', errorCode: 600002 });
    expect(isAcceptedDocumentName(kind, 'a.pdf')).toBe(false);
    expect(isRegistrationDocumentKind(kind)).toBe(false);
  });
  test('a non-string name is refused, not a crash', () => {
    for (const name of [null, 42, {}, ['a.pdf']]) expect(isAcceptedDocumentName('doc', name)).toBe(false);
    expect(checkDocument('doc', { name: 42 as unknown as string, bytes: SAMPLE_DOCUMENTS.pdf })).toMatchObject({ ok: false, reason: 'wrongName' });
  });
});

describe('file names: no path, control or bidirectional character, 255 at most (attack review R3)', () => {
  const refused = [
    '../../etc/x.pdf', '..\\..\\boot.pdf', 'dir/x.pdf', 'a.html\u0000.pdf', 'line\nbreak.pdf', 'tab\t.pdf', 'del\u007F.pdf', 'c1\u0085.pdf',
    'photo\u202Egnp.pdf', 'x\u202A.pdf', 'x\u202D.pdf', 'x\u200E.pdf', 'x\u200F.pdf', 'x\u2066.pdf', 'x\u2069.pdf', 'x\u061C.pdf', 'x\uD800.pdf',
  ];
  test.each(refused)('%j is refused, by the name check and by checkDocument', (name) => {
    expect(isAcceptedDocumentName('doc', name)).toBe(false);
    expect(checkDocument('doc', { name, bytes: SAMPLE_DOCUMENTS.pdf })).toMatchObject({ ok: false, reason: 'wrongName', errorCode: 600002 });
    expect(isSafeDocumentName(name)).toBe(false);
  });
  test('255 characters accepted, 256 refused (counted in characters)', () => {
    expect(isAcceptedDocumentName('doc', `${'a'.repeat(251)}.pdf`)).toBe(true);
    expect(isAcceptedDocumentName('doc', `${'a'.repeat(252)}.pdf`)).toBe(false);
    expect(isAcceptedDocumentName('doc', `${'é'.repeat(251)}.pdf`)).toBe(true);
    expect(isAcceptedDocumentName('doc', `${'😀'.repeat(251)}.pdf`)).toBe(true);
  });
  test('ordinary names still pass: spaces, accents, dots, dashes', () => {
    for (const name of ['Visura camerale 2024.pdf', 'carta d’identità.jpg', 'scan.v2.final.PDF', 'a..b.pdf', '写真.png']) expect(isAcceptedDocumentName('doc', name)).toBe(true);
  });
});
