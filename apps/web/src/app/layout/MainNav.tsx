import { Collapse, createTheme, MantineThemeProvider, NavLink, ScrollArea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { titleKey, visibleMenu } from '../navigation/access.ts';
import type { ScreenDef } from '../navigation/screens.ts';
import { useViewer } from '../navigation/useViewer.ts';
import { MENU_ICONS } from './menuIcons.tsx';

function isActive(def: ScreenDef, pathname: string): boolean {
  return def.path === '/' ? pathname === '/' : pathname === def.path || pathname.startsWith(`${def.path}/`);
}

/**
 * The settings menu opens at once, not over 200 ms: while it slid open, a click on one of its links
 * could land on the list behind the link, and nothing opened (seen in the browser tests, about one
 * quick click in fifteen).
 */
const INSTANT_COLLAPSE = createTheme({
  components: { Collapse: Collapse.extend({ defaultProps: { transitionDuration: 0 } }) },
});

export interface MainNavProps {
  onNavigate?: () => void;
}

/** The menu and the settings menu of spec section 2, filtered by permission and template. */
export function MainNav({ onNavigate }: MainNavProps) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { pathname } = useLocation();
  const menu = visibleMenu(viewer);
  const link = (def: ScreenDef, withIcon: boolean) => {
    const Icon = MENU_ICONS[def.key];
    return (
      <NavLink
        key={def.key}
        component={Link}
        to={def.path}
        label={t(titleKey(def, viewer.template))}
        leftSection={withIcon && Icon ? <Icon size={18} stroke={1.6} /> : null}
        active={isActive(def, pathname)}
        onClick={onNavigate}
      />
    );
  };
  const SettingsIcon = MENU_ICONS.settings;
  const main = menu.main.filter((def) => def.key !== 'help');
  const help = menu.main.find((def) => def.key === 'help');

  return (
    <MantineThemeProvider theme={INSTANT_COLLAPSE}>
      <ScrollArea style={{ flex: 1 }}>
        {main.map((def) => link(def, true))}
        {menu.settings.length > 0 ? (
          <NavLink
            label={t('menu.settings')}
            leftSection={SettingsIcon ? <SettingsIcon size={18} stroke={1.6} /> : null}
            defaultOpened={menu.settings.some((def) => isActive(def, pathname))}
            childrenOffset={28}
          >
            {menu.settings.map((def) => link(def, false))}
          </NavLink>
        ) : null}
        {help ? link(help, true) : null}
      </ScrollArea>
    </MantineThemeProvider>
  );
}
