import { PasswordInput } from '@mantine/core';
import type { ResetPasswordValues } from '@tc/domain';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from './useFieldError.ts';

/** A new password and its confirmation (spec section 5: the reset/create rule), in a form of `resetPasswordSchema`. */
export function NewPasswordFields({ form }: { form: UseFormReturn<ResetPasswordValues> }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { errors } = form.formState;
  return (
    <>
      <PasswordInput
        label={t('auth.newPassword')}
        autoComplete="new-password"
        error={fieldError(errors.password)}
        {...form.register('password')}
      />
      <PasswordInput
        label={t('auth.confirmPassword')}
        autoComplete="new-password"
        error={fieldError(errors.confirm)}
        {...form.register('confirm')}
      />
    </>
  );
}
