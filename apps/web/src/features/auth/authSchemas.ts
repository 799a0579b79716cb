import { PASSWORD_MIN_CHANGE, PASSWORD_MIN_RESET } from '@tc/domain';
import { z } from 'zod';

/**
 * Form schemas of spec section 5 (Login, Password rules). Messages are i18n keys; the form shows
 * them with `VALIDATION_PARAMS`. These belong in @tc/domain once the server validates the same rules.
 */
export const VALIDATION_PARAMS = { minReset: PASSWORD_MIN_RESET, minChange: PASSWORD_MIN_CHANGE };

const email = z.string().trim().min(1, 'validation.emailRequired').email('validation.emailInvalid');

export const loginSchema = z.object({
  email,
  password: z.string().min(1, 'validation.passwordRequired'),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

/** Reset or create: at least 8 characters with an uppercase letter, a special character and a number. */
export const resetPasswordSchema = z
  .object({
    password: z
      .string()
      .min(PASSWORD_MIN_RESET, 'validation.passwordMinReset')
      .regex(/[A-Z]/, 'validation.passwordUppercase')
      .regex(/[^A-Za-z0-9]/, 'validation.passwordSpecial')
      .regex(/[0-9]/, 'validation.passwordNumber'),
    confirm: z.string().min(1, 'validation.confirmRequired'),
  })
  .refine((values) => values.password === values.confirm, { path: ['confirm'], message: 'validation.passwordsMatch' });
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

/** Change: at least 6 characters with lower and upper case, matching its confirmation. */
export const changePasswordSchema = z
  .object({
    oldPassword: z.string().min(1, 'validation.passwordRequired'),
    newPassword: z
      .string()
      .min(PASSWORD_MIN_CHANGE, 'validation.passwordMinChange')
      .regex(/[a-z]/, 'validation.passwordLowercase')
      .regex(/[A-Z]/, 'validation.passwordUppercase'),
    confirm: z.string().min(1, 'validation.confirmRequired'),
  })
  .refine((values) => values.newPassword === values.confirm, {
    path: ['confirm'],
    message: 'validation.passwordsMatch',
  });
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;
