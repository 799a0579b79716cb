import { Center, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '#src/app/layout/LanguageSwitch.tsx';
import { PageTitle } from '#src/components/PageTitle.tsx';

export interface AuthCardProps {
  title: string;
  children: ReactNode;
}

/** The frame of the guest pages. */
export function AuthCard({ title, children }: AuthCardProps) {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={420} maw="100%">
        <Stack gap="md">
          <Group justify="space-between" align="center">
            <Text fw={700} c="blue.7">
              {t('app.name')}
            </Text>
            <LanguageSwitch />
          </Group>
          <PageTitle>{title}</PageTitle>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
