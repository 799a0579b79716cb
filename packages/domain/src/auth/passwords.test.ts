import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  loginSchema,
  meetsChangeRule,
  meetsResetRule,
  resetPasswordSchema,
} from './passwords.ts';

describe('password rules', () => {
  it.each([
    ['Demo1234!', true],
    ['demo1234!', false],
    ['Demoabcd!', false],
    ['Demo12345', false],
    ['De1!', false],
    ['Ab1!5678', true],
  ])('reset rule %s -> %s', (pw, ok) => expect(meetsResetRule(pw)).toBe(ok));

  it.each([
    ['Abcdef', true],
    ['abcdef', false],
    ['ABCDEF', false],
    ['Abcde', false],
  ])('change rule %s -> %s', (pw, ok) => expect(meetsChangeRule(pw)).toBe(ok));

  it('reports mismatch on the confirmation and the rule on the password', () => {
    const r = resetPasswordSchema.safeParse({ password: 'short', confirm: 'other' });
    expect(r.success).toBe(false);
    const issues = r.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toContainEqual([
      'password',
      'Password must have at least 8 characters, an uppercase letter, a number and a special character',
    ]);
    expect(
      changePasswordSchema.safeParse({ oldPassword: 'x', newPassword: 'Abcdef', confirm: 'Abcdeg' }).error?.issues[0]
        ?.message,
    ).toBe('Passwords do not match');
  });

  it('needs a valid email and a password to log in', () => {
    expect(loginSchema.safeParse({ email: 'not-an-email', password: 'x' }).error?.issues[0]?.message).toBe(
      'Email is not valid',
    );
    expect(loginSchema.safeParse({ email: '', password: '' }).error?.issues.map((i) => i.message)).toEqual([
      'Email is required',
      'Password is required',
    ]);
  });
});
