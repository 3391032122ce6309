import { describe, expect, it } from 'vitest';
import { changePasswordSchema, passwordRecoveryRequestSchema, passwordRecoverySchema } from '@auction/domain';
import { fieldIssues, typeRecoveryField } from './form-issues.js';

describe('the password forms\' rules (the domain schemas the API uses)', () => {
  it('recovery request: username (min 6) or e-mail (valid), one is enough; typing in one clears the other', () => {
    expect(fieldIssues(passwordRecoveryRequestSchema, { username: '', email: '' }).username?.key).toBe('passwordRecoveryForm.error.usernameOrEmail');
    expect(fieldIssues(passwordRecoveryRequestSchema, { username: 'deal', email: '' }).username?.key).toBe('registrationForm.error.wrongFormat');
    expect(fieldIssues(passwordRecoveryRequestSchema, { username: 'dealer2', email: '' })).toEqual({});
    expect(fieldIssues(passwordRecoveryRequestSchema, { username: '', email: 'not-a-mail' }).email?.key).toBe('registrationForm.error.wrongFormat');
    expect(fieldIssues(passwordRecoveryRequestSchema, { username: '', email: 'dealer2@demo.example' })).toEqual({});
    expect(typeRecoveryField('email', 'a@b.example')).toEqual({ username: '', email: 'a@b.example' });
    expect(typeRecoveryField('username', 'dealer2')).toEqual({ username: 'dealer2', email: '' });
  });

  it('recovery link: min 8, 3 of 4 classes, equal', () => {
    const extra = { hash: 'tag', username: 'dealer2' };
    expect(fieldIssues(passwordRecoverySchema, { ...extra, password: 'Ab1!', confPassword: 'Ab1!' }).password?.key).toBe('passwordForm.error.tooShort');
    expect(fieldIssues(passwordRecoverySchema, { ...extra, password: 'abcdefgh', confPassword: 'abcdefgh' }).password?.key).toBe('passwordForm.error.weak');
    expect(fieldIssues(passwordRecoverySchema, { ...extra, password: 'Abcdefg1', confPassword: 'Abcdefg2' }).confPassword?.key).toBe('passwordForm.error.mismatch');
    expect(fieldIssues(passwordRecoverySchema, { ...extra, password: 'Abcdefg1', confPassword: 'Abcdefg1' })).toEqual({});
  });

  it('logged-in change: at most 30, with its limit as the message value', () => {
    const long = `Aa1!${'x'.repeat(27)}`;
    const issue = fieldIssues(changePasswordSchema, { password: long, confPassword: long }).password;
    expect(issue).toEqual({ key: 'passwordForm.error.tooLong', values: { maxLength: 30 } });
    expect(fieldIssues(changePasswordSchema, { currentPassword: 'Old#Pass1', password: 'Abcdefg1', confPassword: 'Abcdefg1' })).toEqual({});
    // The current password is asked too (issue 21 item 8).
    expect(fieldIssues(changePasswordSchema, { password: 'Abcdefg1', confPassword: 'Abcdefg1' })).toEqual({ currentPassword: { key: 'registrationForm.error.mandatory', values: {} } });
  });
});
