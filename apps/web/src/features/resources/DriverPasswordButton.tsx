import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { type ResetPasswordValues, resetPasswordSchema } from '@tc/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { call } from '#src/api/client.ts';
import { notifySuccess } from '#src/app/notify.ts';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { useSubmitGuard } from '#src/app/useSubmitGuard.ts';
import { NewPasswordFields } from '#src/features/auth/NewPasswordFields.tsx';
import type { Row } from './useResourcePage.ts';

/**
 * The driver's sign-in password (spec section 3): set through `driverlogin`, which keeps it on the
 * driver's login, never on the driver record. The create-password rule of spec section 5 applies.
 */
export function DriverPasswordButton({ record }: { record: Row }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconKey size={16} />} onClick={() => setOpen(true)}>
        {t('form.driverPassword.open')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('form.driverPassword.title')}>
        {open ? <DriverPasswordForm record={record} onDone={() => setOpen(false)} /> : null}
      </Modal>
    </>
  );
}

function DriverPasswordForm({ record, onDone }: { record: Row; onDone: () => void }) {
  const { t } = useTranslation();
  const [serverError, setServerError] = useState<unknown>(null);
  const form = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const save = useSubmitGuard(async ({ password }: ResetPasswordValues) => {
    setServerError(null);
    try {
      await call('driverlogin', { driver: record._id, password });
      notifySuccess(t('form.driverPassword.saved', { email: String(record.email ?? '') }));
      onDone();
    } catch (error) {
      setServerError(error);
    }
  });
  const { isSubmitting } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit(save)}>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('form.driverPassword.hint', { email: String(record.email ?? '') })}
        </Text>
        {serverError ? (
          <Alert color="red" role="alert">
            {serverErrorText(serverError)}
          </Alert>
        ) : null}
        <NewPasswordFields form={form} />
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
