import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  meetsChangeRule,
  meetsResetRule,
  resetPasswordSchema,
} from './passwords.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('login and forgot password', () => {
  it.each([
    [{ email: '', password: 'x' }, 'validation.emailRequired'],
    [{ email: 'nope', password: 'x' }, 'validation.emailInvalid'],
    [{ email: 'a@b.co', password: '' }, 'validation.passwordRequired'],
    [{ email: 'a@b.co', password: 'x' }, null],
  ])('login %j -> %s', (values, message) => {
    expect(firstMessage(loginSchema.safeParse(values))).toBe(message);
  });
  it('forgot password needs a valid email', () => {
    expect(firstMessage(forgotPasswordSchema.safeParse({ email: 'a@' }))).toBe('validation.emailInvalid');
    expect(firstMessage(forgotPasswordSchema.safeParse({ email: 'a@b.co' }))).toBeNull();
  });
});

describe('reset and create password rules', () => {
  it.each([
    ['Ab1!', 'validation.passwordMinReset'],
    ['abcdefg1!', 'validation.passwordUppercase'],
    ['Abcdefgh1', 'validation.passwordSpecial'],
    ['Abcdefgh!', 'validation.passwordNumber'],
    ['Abcdefg1!', null],
  ])('%s -> %s', (password, message) => {
    expect(firstMessage(resetPasswordSchema.safeParse({ password, confirm: password }))).toBe(message);
  });
  it('needs the confirmation, matching', () => {
    expect(firstMessage(resetPasswordSchema.safeParse({ password: 'Abcdefg1!', confirm: '' }))).toBe(
      'validation.confirmRequired',
    );
    expect(firstMessage(resetPasswordSchema.safeParse({ password: 'Abcdefg1!', confirm: 'Abcdefg1?' }))).toBe(
      'validation.passwordsMatch',
    );
  });
});

describe('change password rules', () => {
  it.each([
    ['Abc1', 'validation.passwordMinChange'],
    ['ABCDEF', 'validation.passwordLowercase'],
    ['abcdef', 'validation.passwordUppercase'],
    ['Abcdef', null],
  ])('%s -> %s', (newPassword, message) => {
    expect(
      firstMessage(changePasswordSchema.safeParse({ oldPassword: 'old', newPassword, confirm: newPassword })),
    ).toBe(message);
  });
  it('must match', () => {
    expect(
      firstMessage(changePasswordSchema.safeParse({ oldPassword: 'o', newPassword: 'Abcdef', confirm: 'Abcdeg' })),
    ).toBe('validation.passwordsMatch');
  });
});

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
});
