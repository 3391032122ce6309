import { describe, expect, test } from 'vitest';
import { EmailFormSchema, previewDocument } from './email-form.js';

describe('EmailFormSchema', () => {
  test('splits the typed addresses and checks them with the contract', () => {
    const parsed = EmailFormSchema.parse({ recipients: 'a@example.test, B@example.test;c@example.test', ccRecipients: '', subject: ' Hi ', email: '<p>x</p>' });
    expect(parsed).toEqual({ recipients: ['a@example.test', 'b@example.test', 'c@example.test'], ccRecipients: [], subject: 'Hi', email: '<p>x</p>' });
  });

  test('refuses what the server refuses: no recipient, a bad or repeated address, a two-line subject, no body', () => {
    const issues = (input: Record<string, string>) => {
      const result = EmailFormSchema.safeParse({ recipients: 'a@example.test', ccRecipients: '', subject: 'S', email: '<p>x</p>', ...input });
      return result.success ? [] : result.error.issues.map((i) => String(i.path[0]));
    };
    expect(issues({ recipients: '' })).toEqual(['recipients']);
    expect(issues({ recipients: 'nope' })).toEqual(['recipients']);
    expect(issues({ ccRecipients: 'x@example.test X@example.test' })).toEqual(['ccRecipients']);
    expect(issues({ subject: 'a\nb' })).toEqual(['subject']);
    expect(issues({ email: '' })).toEqual(['email']);
  });

  test('the preview document forbids every fetch but images', () => {
    expect(previewDocument('<p>x</p>')).toContain("default-src 'none'");
    expect(previewDocument('<p>x</p>')).toContain('<body><p>x</p></body>');
  });
});
