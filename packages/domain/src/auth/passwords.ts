import { z } from 'zod';
import { PASSWORD_MIN_CHANGE, PASSWORD_MIN_RESET } from '../constants.ts';

/** Message keys and their English texts; the web translates by key, the server answers the text. */
export const PASSWORD_MESSAGES = {
  resetRule: 'Password must have at least 8 characters, an uppercase letter, a number and a special character',
  changeRule: 'Password must have at least 6 characters with lower and upper case letters',
  mismatch: 'Passwords do not match',
  required: 'Password is required',
  confirmRequired: 'Please confirm the password',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is not valid',
} as const;

/** Spec section 5: reset or create a password: at least 8, with an uppercase letter, a special character and a number. */
export function meetsResetRule(pw: string): boolean {
  return pw.length >= PASSWORD_MIN_RESET && /[A-Z]/.test(pw) && /[0-9]/.test(pw) && /[^A-Za-z0-9]/.test(pw);
}

/** Spec section 5: change password: at least 6, with lower and upper case. */
export function meetsChangeRule(pw: string): boolean {
  return pw.length >= PASSWORD_MIN_CHANGE && /[a-z]/.test(pw) && /[A-Z]/.test(pw);
}

export const emailSchema = z
  .string({ error: PASSWORD_MESSAGES.emailRequired })
  .trim()
  .min(1, PASSWORD_MESSAGES.emailRequired)
  .pipe(z.email(PASSWORD_MESSAGES.emailInvalid));

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: PASSWORD_MESSAGES.required }).min(1, PASSWORD_MESSAGES.required),
});

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    password: z.string().min(1, PASSWORD_MESSAGES.required).refine(meetsResetRule, PASSWORD_MESSAGES.resetRule),
    confirm: z.string().min(1, PASSWORD_MESSAGES.confirmRequired),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: PASSWORD_MESSAGES.mismatch });

export const changePasswordSchema = z
  .object({
    oldPassword: z.string().min(1, PASSWORD_MESSAGES.required),
    newPassword: z.string().min(1, PASSWORD_MESSAGES.required).refine(meetsChangeRule, PASSWORD_MESSAGES.changeRule),
    confirm: z.string().min(1, PASSWORD_MESSAGES.confirmRequired),
  })
  .refine((v) => v.newPassword === v.confirm, { path: ['confirm'], message: PASSWORD_MESSAGES.mismatch });
