import { Alert, Anchor, Center, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';

/** What a screen shows when it fails to render, instead of a blank page. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <Center mih="60vh" p="md">
      <Stack maw={520}>
        <Alert color="red" title={t('routeError.title')} role="alert">
          {t('routeError.body')}
        </Alert>
        <Anchor component={Link} to="/" reloadDocument>
          {t('routeError.home')}
        </Anchor>
      </Stack>
    </Center>
  );
}
