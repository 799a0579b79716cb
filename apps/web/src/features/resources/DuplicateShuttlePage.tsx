import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { call } from '#src/api/client.ts';
import { notifyError, notifySuccess } from '#src/app/notify.ts';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { useSubmitGuard } from '#src/app/useSubmitGuard.ts';
import { PageTitle } from '#src/components/PageTitle.tsx';

/** /shuttles/duplicate/{id}: a copy of the shuttle (times, stops, drivers) under a new code. */
export function DuplicateShuttlePage({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { id } = useParams();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitGuard(async () => {
    try {
      const copy = await call('duplicateshuttle', { id: Number(id), code });
      notifySuccess(t('duplicateShuttle.done'));
      await queryClient.invalidateQueries({ queryKey: ['find', 'shuttles'] });
      void navigate(`${basePath}/edit/${copy._id}`);
    } catch (err) {
      setError(serverErrorText(err));
      notifyError(err);
    }
  });
  return (
    <Stack>
      <PageTitle>{t('duplicateShuttle.title')}</PageTitle>
      <Paper withBorder p="md" maw={480}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <Text size="sm">{t('duplicateShuttle.hint')}</Text>
            <TextInput
              label={t('duplicateShuttle.code')}
              required
              value={code}
              error={error}
              onChange={(e) => setCode(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => void navigate(basePath)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit">{t('duplicateShuttle.submit')}</Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
