import { z } from 'zod';
import { PASSWORD_MIN_CHANGE, PASSWORD_MIN_RESET } from '../constants.ts';
import { vk } from '../resources/messages.ts';

/**
 * Login and password rules of spec section 5, once: the web's forms and the server's acts use
 * these schemas. Messages are `validation.*` keys; the web translates them, the server answers
 * their English text (resources/messages.ts).
 */

/** Reset or create a password: at least 8 characters with an uppercase letter, a special character and a number. */
export const newPasswordRule = () =>
  z
    .string({ error: vk('passwordRequired') })
    .min(1, vk('passwordRequired'))
    .min(PASSWORD_MIN_RESET, vk('passwordMinReset'))
    .regex(/[A-Z]/, vk('passwordUppercase'))
    .regex(/[^A-Za-z0-9]/, vk('passwordSpecial'))
    .regex(/[0-9]/, vk('passwordNumber'));

/** Change a password: at least 6 characters with lower and upper case. */
export const changedPasswordRule = () =>
  z
    .string({ error: vk('passwordRequired') })
    .min(1, vk('passwordRequired'))
    .min(PASSWORD_MIN_CHANGE, vk('passwordMinChange'))
    .regex(/[a-z]/, vk('passwordLowercase'))
    .regex(/[A-Z]/, vk('passwordUppercase'));

export const passwordGiven = () => z.string({ error: vk('passwordRequired') }).min(1, vk('passwordRequired'));

export function meetsResetRule(pw: string): boolean {
  return newPasswordRule().safeParse(pw).success;
}

export function meetsChangeRule(pw: string): boolean {
  return changedPasswordRule().safeParse(pw).success;
}

export const emailSchema = z
  .string({ error: vk('emailRequired') })
  .trim()
  .min(1, vk('emailRequired'))
  .pipe(z.email(vk('emailInvalid')));

export const loginSchema = z.object({ email: emailSchema, password: passwordGiven() });
export type LoginValues = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

/** The reset and create form: the new password and its confirmation. */
export const resetPasswordSchema = z
  .object({
    password: newPasswordRule(),
    confirm: z.string({ error: vk('confirmRequired') }).min(1, vk('confirmRequired')),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: vk('passwordsMatch') });
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

/** The change form: the old password, the new one and its confirmation. */
export const changePasswordSchema = z
  .object({
    oldPassword: passwordGiven(),
    newPassword: changedPasswordRule(),
    confirm: z.string({ error: vk('confirmRequired') }).min(1, vk('confirmRequired')),
  })
  .refine((v) => v.newPassword === v.confirm, { path: ['confirm'], message: vk('passwordsMatch') });
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;
