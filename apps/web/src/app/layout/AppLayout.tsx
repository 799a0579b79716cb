import { AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useLiveUpdates } from '../live/useLiveUpdates.ts';
import { useTokenRefresh } from '../session/useTokenRefresh.ts';
import { SiteSelector } from '../site/SiteSelector.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { MainNav } from './MainNav.tsx';
import { UserMenu } from './UserMenu.tsx';

/** The authenticated frame: header with site, language and user menu; the menu on the left. */
export function AppLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  // on a desktop the menu folds away too (a 1024 px window gives its width to the lists), and stays as left
  const [menuShown, setMenuShown] = useLocalStorage({ key: 'menu-shown', defaultValue: true });
  useTokenRefresh(true);
  useLiveUpdates();
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: !menuShown } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('menu.toggle')} />
            <Burger
              opened={menuShown}
              onClick={() => setMenuShown((shown) => !shown)}
              visibleFrom="sm"
              size="sm"
              aria-label={t(menuShown ? 'menu.hide' : 'menu.show')}
              aria-expanded={menuShown}
            />
            <Text fw={700} c="blue.7" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
              {t('app.name')}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <SiteSelector />
            <LanguageSwitch />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('menu.label')}>
        <MainNav onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
