import { type ModuleKey, screenAvailable, type Template, WORDING } from '@tc/domain';
import { MAIN_MENU, SCREENS, type ScreenDef, SETTINGS_MENU, type SubRoute } from './screens.ts';

/** What the guards and the menu need to know of the logged-in user. */
export interface Viewer {
  can: (module: ModuleKey, action?: string) => boolean;
  isOwner: boolean;
  template: Template;
}

function templateAllows(screenKey: string | undefined, template: Template): boolean {
  return !screenKey || screenAvailable(screenKey, template);
}

/** The menu shows a screen when the user holds its module action and the template has it. */
export function screenVisible(def: ScreenDef, viewer: Viewer): boolean {
  if (def.ownerOnly && !viewer.isOwner) return false;
  if (def.module && !viewer.can(def.module, def.action ?? 'view')) return false;
  return templateAllows(def.screen, viewer.template);
}

/** The route guard: like the menu, except that unguarded routes (spec section 2) skip the permission. */
export function routeAllowed(def: ScreenDef, viewer: Viewer): boolean {
  if (def.ownerOnly && !viewer.isOwner) return false;
  if (def.module && !def.unguarded && !viewer.can(def.module, def.action ?? 'view')) return false;
  return templateAllows(def.screen, viewer.template);
}

export function subRouteAllowed(def: ScreenDef, sub: SubRoute, viewer: Viewer): boolean {
  if (!routeAllowed(def, viewer)) return false;
  const module = sub.module ?? def.module;
  if (module && !def.unguarded && !viewer.can(module, sub.action)) return false;
  return templateAllows(sub.screen, viewer.template);
}

/** Where a user lands when a guard turns them away: the dashboard, else the reservations list (spec section 2). */
export function landingPath(viewer: Viewer): string {
  if (viewer.can('dashboard')) return '/';
  if (viewer.can('jobs')) return '/jobs';
  const first = [...MAIN_MENU, ...SETTINGS_MENU]
    .map((key) => SCREENS[key])
    .find((def) => def && def.key !== 'help' && screenVisible(def, viewer));
  return first?.path ?? '/help';
}

function menuVisible(key: string, viewer: Viewer): boolean {
  const def = SCREENS[key];
  if (!def) return false;
  // Agent home stands in for the dashboard of users who have none.
  if (key === 'agent' && viewer.can('dashboard')) return false;
  return screenVisible(def, viewer);
}

export interface VisibleMenu {
  main: ScreenDef[];
  settings: ScreenDef[];
}

export function visibleMenu(viewer: Viewer): VisibleMenu {
  const settings = SETTINGS_MENU.filter((key) => menuVisible(key, viewer)).map((key) => SCREENS[key] as ScreenDef);
  const main = MAIN_MENU.filter((key) => key !== 'settings' && menuVisible(key, viewer)).map(
    (key) => SCREENS[key] as ScreenDef,
  );
  return { main, settings };
}

/** The i18n key of a screen's title: templates rename some screens (spec section 1). */
export function titleKey(def: ScreenDef, template: Template): string {
  switch (def.wording) {
    case 'reservations':
    case 'vehicles':
    case 'shifts':
    case 'recipient':
      return `terms.${WORDING[template][def.wording]}`;
    case 'trips':
      return template === 'trailers' ? 'terms.deliveries' : 'terms.trips';
    case undefined:
      return `screens.${def.key}`;
  }
}
