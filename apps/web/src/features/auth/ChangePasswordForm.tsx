import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { type ChangePasswordValues, changePasswordSchema } from '@tc/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { call } from '#src/api/client.ts';
import { notifySuccess } from '#src/app/notify.ts';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { useSubmitGuard } from '#src/app/useSubmitGuard.ts';
import { useFieldError } from './useFieldError.ts';

export interface ChangePasswordFormProps {
  onDone: () => void;
}

/** The body of the change-password modal of the user menu. */
export function ChangePasswordForm({ onDone }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [serverError, setServerError] = useState<unknown>(null);
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { oldPassword: '', newPassword: '', confirm: '' },
  });
  const handleSave = useSubmitGuard(async ({ oldPassword, newPassword }: ChangePasswordValues) => {
    setServerError(null);
    try {
      await call('changepassword', { oldPassword, newPassword });
      notifySuccess(t('auth.change.saved'));
      onDone();
    } catch (error) {
      setServerError(error);
      // refused: the corrected form goes at once, not held as a double submit
      return false;
    }
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <form noValidate onSubmit={form.handleSubmit(handleSave)}>
      <Stack>
        {serverError ? (
          <Alert color="red" role="alert">
            {serverErrorText(serverError)}
          </Alert>
        ) : null}
        <PasswordInput
          label={t('auth.oldPassword')}
          autoComplete="current-password"
          error={fieldError(errors.oldPassword)}
          {...form.register('oldPassword')}
        />
        <PasswordInput
          label={t('auth.newPassword')}
          autoComplete="new-password"
          error={fieldError(errors.newPassword)}
          {...form.register('newPassword')}
        />
        <PasswordInput
          label={t('auth.confirmPassword')}
          autoComplete="new-password"
          error={fieldError(errors.confirm)}
          {...form.register('confirm')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
