import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { type ForgotPasswordValues, forgotPasswordSchema } from '@tc/domain';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { call } from '#src/api/client.ts';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { useSubmitGuard } from '#src/app/useSubmitGuard.ts';
import { AuthCard } from './AuthCard.tsx';
import { useCountdown } from './useCountdown.ts';
import { useFieldError } from './useFieldError.ts';

export const REDIRECT_SECONDS = 5;

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fieldError = useFieldError();
  const [sent, setSent] = useState(false);
  const [serverError, setServerError] = useState<unknown>(null);
  const toLogin = useCallback(() => void navigate('/login', { replace: true }), [navigate]);
  const secondsLeft = useCountdown(REDIRECT_SECONDS, sent, toLogin);
  const form = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const handleSend = useSubmitGuard(async ({ email }: ForgotPasswordValues) => {
    setServerError(null);
    try {
      await call('passwordsendresettoken', { email: email.trim(), mode: 'reset' });
      setSent(true);
    } catch (error) {
      setServerError(error);
      // refused: the corrected form goes at once, not held as a double submit
      return false;
    }
  });

  return (
    <AuthCard title={t('auth.forgot.title')}>
      {sent ? (
        <Alert color="green" role="status">
          <Text>{t('auth.forgot.sent')}</Text>
          <Text>{t('auth.forgot.redirect', { count: secondsLeft })}</Text>
        </Alert>
      ) : (
        <form noValidate onSubmit={form.handleSubmit(handleSend)}>
          <Stack>
            <Text size="sm">{t('auth.forgot.intro')}</Text>
            {serverError ? (
              <Alert color="red" role="alert">
                {serverErrorText(serverError)}
              </Alert>
            ) : null}
            <TextInput
              label={t('auth.email')}
              type="email"
              error={fieldError(form.formState.errors.email)}
              {...form.register('email')}
            />
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('auth.forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm">
        {t('auth.backToLogin')}
      </Anchor>
    </AuthCard>
  );
}
