import { Alert, Anchor, List, Stack } from '@mantine/core';
import { IconBarrierBlock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { titleKey } from '../app/navigation/access.ts';
import type { ScreenDef, SubRoute } from '../app/navigation/screens.ts';
import { useSession } from '../app/session/useSession.ts';
import { PageTitle } from './PageTitle.tsx';

export interface PlaceholderPageProps {
  def: ScreenDef;
  sub?: SubRoute;
}

/** Every screen that is still to come: its title and a sentence that it comes in a later release. */
export function PlaceholderPage({ def, sub }: PlaceholderPageProps) {
  const { t } = useTranslation();
  const { template } = useSession();
  const title = t(titleKey(def, template));
  const links = (def.subRoutes ?? []).filter((route) => route.link);
  return (
    <Stack>
      <PageTitle>{sub ? t(`pages.${sub.page}`, { title }) : title}</PageTitle>
      <Alert icon={<IconBarrierBlock />} color="blue" title={t('placeholder.title')}>
        {t('placeholder.body', { title })}
      </Alert>
      {!sub && links.length > 0 ? (
        <List>
          {links.map((link) => (
            <List.Item key={link.path}>
              <Anchor component={Link} to={`${def.path}/${link.path}`}>
                {t(`pages.${link.page}`, { title })}
              </Anchor>
            </List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}
