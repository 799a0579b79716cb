import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type LoginValues, loginSchema } from '@tc/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { login } from '#src/app/session/sessionStore.ts';
import { useSubmitGuard } from '#src/app/useSubmitGuard.ts';
import { AuthCard } from './AuthCard.tsx';
import { useFieldError } from './useFieldError.ts';

export function LoginPage() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [serverError, setServerError] = useState<unknown>(null);
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const handleLogin = useSubmitGuard(async (values: LoginValues) => {
    setServerError(null);
    try {
      await login(values.email.trim(), values.password);
    } catch (error) {
      setServerError(error);
      // refused: the corrected form goes at once, not held as a double submit
      return false;
    }
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <AuthCard title={t('auth.login.title')}>
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
            error={fieldError(errors.email)}
            {...form.register('email')}
          />
          <PasswordInput
            label={t('auth.password')}
            autoComplete="current-password"
            error={fieldError(errors.password)}
            {...form.register('password')}
          />
          <Button type="submit" loading={isSubmitting}>
            {t('auth.login.submit')}
          </Button>
          <Anchor component={Link} to="/forgot_password" size="sm">
            {t('auth.login.forgot')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
