import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { type ResetPasswordValues, resetPasswordSchema } from '@tc/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { call } from '#src/api/client.ts';
import { notifySuccess } from '#src/app/notify.ts';
import { useSubmitGuard } from '#src/app/useSubmitGuard.ts';
import { AuthCard } from './AuthCard.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';

/** /resetpw?token=...&mode=create|reset: sets a password with a single-use token from the mail. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const mode = params.get('mode') === 'create' ? 'create' : 'reset';
  const [failed, setFailed] = useState(false);
  const form = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const handleSave = useSubmitGuard(async ({ password }: ResetPasswordValues) => {
    setFailed(false);
    try {
      // the form shows only with a token in the link
      await call('resetpassword', { resetToken: token ?? '', password });
      notifySuccess(t('auth.reset.saved'));
      await navigate('/login', { replace: true });
    } catch {
      setFailed(true);
      // refused: the corrected form goes at once, not held as a double submit
      return false;
    }
  });
  const { isSubmitting } = form.formState;

  return (
    <AuthCard title={t(`auth.reset.title.${mode}`)}>
      {token ? (
        <form noValidate onSubmit={form.handleSubmit(handleSave)}>
          <Stack>
            <Text size="sm">{t('auth.reset.rules')}</Text>
            {failed ? (
              <Alert color="red" role="alert">
                {t('auth.reset.failed')}
              </Alert>
            ) : null}
            <NewPasswordFields form={form} />
            <Button type="submit" loading={isSubmitting}>
              {t('auth.reset.submit')}
            </Button>
          </Stack>
        </form>
      ) : (
        <Alert color="red" role="alert">
          {t('auth.reset.noToken')}
        </Alert>
      )}
      <Anchor component={Link} to="/login" size="sm">
        {t('auth.backToLogin')}
      </Anchor>
    </AuthCard>
  );
}
