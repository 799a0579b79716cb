import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, type MantineSize, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type LoginValues, loginSchema } from '@tc/domain';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { useSubmitGuard } from '#src/app/useSubmitGuard.ts';
import { useFieldError } from './useFieldError.ts';

export interface LoginFormProps {
  /** Signs in with the email (trimmed) and password; a rejection is shown above the fields. */
  onLogin: (email: string, password: string) => Promise<unknown>;
  /** Larger inputs for a phone (the driver app). */
  size?: MantineSize;
  /** What goes under the button (the forgot-password link). */
  footer?: ReactNode;
}

/** The sign-in form of the console and of the driver app: email and password (spec section 5), the server's refusal. */
export function LoginForm({ onLogin, size, footer }: LoginFormProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [serverError, setServerError] = useState<unknown>(null);
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const handleLogin = useSubmitGuard(async (values: LoginValues) => {
    setServerError(null);
    try {
      await onLogin(values.email.trim(), values.password);
    } catch (error) {
      setServerError(error);
      // refused: the corrected form goes at once, not held as a double submit
      return false;
    }
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit(handleLogin)}>
      <Stack>
        {serverError ? (
          <Alert color="red" role="alert">
            {serverErrorText(serverError)}
          </Alert>
        ) : null}
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="username"
          size={size}
          error={fieldError(errors.email)}
          {...form.register('email')}
        />
        <PasswordInput
          label={t('auth.password')}
          autoComplete="current-password"
          size={size}
          error={fieldError(errors.password)}
          {...form.register('password')}
        />
        <Button type="submit" size={size} loading={isSubmitting}>
          {t('auth.login.submit')}
        </Button>
        {footer}
      </Stack>
    </form>
  );
}
