import { Accordion, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '#src/components/PageTitle.tsx';

const TOPICS = ['login', 'password', 'site', 'language', 'permissions', 'users', 'outbox', 'templates'] as const;

/** Admin how-tos and the support statement. */
export function HelpPage() {
  const { t } = useTranslation();
  return (
    <Stack maw={820}>
      <PageTitle>{t('screens.help')}</PageTitle>
      <Text>{t('help.intro')}</Text>
      <Accordion variant="separated" multiple defaultValue={['login']}>
        {TOPICS.map((topic) => (
          <Accordion.Item key={topic} value={topic}>
            <Accordion.Control>{t(`help.topics.${topic}.title`)}</Accordion.Control>
            <Accordion.Panel>{t(`help.topics.${topic}.body`)}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Text fw={600}>{t('help.support')}</Text>
    </Stack>
  );
}
