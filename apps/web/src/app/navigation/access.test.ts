import { can, DEFAULT_GRANTS, expandGrant, type RoleName, type Template } from '@tc/domain';
import { flatten, resources } from '@tc/i18n';
import { describe, expect, it } from 'vitest';
import { landingPath, routeAllowed, subRouteAllowed, titleKey, type Viewer, visibleMenu } from './access.ts';
import { MAIN_MENU, SCREENS, SETTINGS_MENU, screen } from './screens.ts';

function viewer(role: RoleName, template: Template = 'default', isOwner = false): Viewer {
  const access = expandGrant(DEFAULT_GRANTS[role]);
  return { can: (module, action = 'view') => can(access, module, action), isOwner, template };
}

const keys = (defs: { key: string }[]) => defs.map((d) => d.key);

describe('menu filtering', () => {
  it('shows an admin every screen of the default template but the owner-only and template-only ones', () => {
    const menu = visibleMenu(viewer('admin'));
    expect(keys(menu.main)).toContain('jobs');
    expect(keys(menu.main)).not.toContain('students');
    expect(keys(menu.main)).not.toContain('employees');
    expect(keys(menu.main)).not.toContain('parents');
    expect(keys(menu.main)).not.toContain('agent');
    expect(keys(menu.settings)).toContain('users');
    expect(keys(menu.settings)).toContain('outbox');
    expect(keys(menu.settings)).not.toContain('permissions');
  });

  it('adds the permissions screen for the owner account only', () => {
    expect(keys(visibleMenu(viewer('superadmin', 'default', true)).settings)).toContain('permissions');
    expect(keys(visibleMenu(viewer('superadmin', 'default', false)).settings)).not.toContain('permissions');
  });

  it('keeps an agent to the screens the role holds', () => {
    const menu = visibleMenu(viewer('agent'));
    expect(keys(menu.main)).toEqual(['agent', 'jobs', 'passengers', 'help']);
    expect(menu.settings).toEqual([]);
  });

  it.each([
    ['schoolShuttles', ['students', 'parents'], ['employees']],
    ['employees', ['employees'], ['students', 'parents']],
    ['trailers', [], ['students', 'employees', 'parents']],
  ] as const)('the %s template shows %j and hides %j', (template, shown, hidden) => {
    const main = keys(visibleMenu(viewer('admin', template)).main);
    for (const key of shown) expect(main).toContain(key);
    for (const key of hidden) expect(main).not.toContain(key);
  });
});

describe('template wording', () => {
  it.each([
    ['default', 'terms.reservations', 'terms.vehicles', 'terms.shifts', 'terms.passenger', 'terms.trips'],
    ['schoolShuttles', 'terms.bookings', 'terms.vehicles', 'terms.schoolHours', 'terms.passenger', 'terms.trips'],
    ['employees', 'terms.bookings', 'terms.vehicles', 'terms.workHours', 'terms.passenger', 'terms.trips'],
    ['trailers', 'terms.orders', 'terms.trailers', 'terms.shifts', 'terms.recipient', 'terms.deliveries'],
  ] as const)('%s names the screens', (template, jobs, vehicles, shifts, passengers, trips) => {
    expect(titleKey(screen('jobs'), template)).toBe(jobs);
    expect(titleKey(screen('vehicles'), template)).toBe(vehicles);
    expect(titleKey(screen('shifts'), template)).toBe(shifts);
    expect(titleKey(screen('passengers'), template)).toBe(passengers);
    expect(titleKey(screen('trips'), template)).toBe(trips);
    expect(titleKey(screen('drivers'), template)).toBe('screens.drivers');
  });
});

describe('guards', () => {
  it('lands on the dashboard, else on /jobs', () => {
    expect(landingPath(viewer('admin'))).toBe('/');
    expect(landingPath(viewer('agent'))).toBe('/jobs');
    expect(landingPath({ can: () => false, isOwner: false, template: 'default' })).toBe('/help');
  });

  it('guards create and edit by their action, and the users edit by view', () => {
    const supplier = viewer('supplier');
    const jobs = screen('jobs');
    const create = jobs.subRoutes?.find((s) => s.path === 'create');
    expect(create && subRouteAllowed(jobs, create, supplier)).toBe(false);
    expect(routeAllowed(jobs, supplier)).toBe(true);
    const users = screen('users');
    const editUser = users.subRoutes?.find((s) => s.path === 'edit/:id');
    const accountingOnlyView = { ...viewer('agent'), can: (m: string, a = 'view') => m === 'users' && a === 'view' };
    expect(editUser && subRouteAllowed(users, editUser, accountingOnlyView as Viewer)).toBe(true);
  });

  it('restricts fares create/edit to the school-shuttle template', () => {
    const fares = screen('fares');
    const create = fares.subRoutes?.[0];
    expect(create && subRouteAllowed(fares, create, viewer('admin', 'default'))).toBe(false);
    expect(create && subRouteAllowed(fares, create, viewer('admin', 'schoolShuttles'))).toBe(true);
  });

  it('lets unguarded routes through without the permission', () => {
    expect(routeAllowed(screen('holidays'), viewer('agent'))).toBe(true);
    expect(routeAllowed(screen('users'), viewer('agent'))).toBe(false);
  });

  it('declares a screen and an English title for every menu entry', () => {
    const en = flatten(resources.en);
    for (const key of [...MAIN_MENU, ...SETTINGS_MENU].filter((k) => k !== 'settings')) {
      expect(SCREENS[key], key).toBeDefined();
      expect(en[`screens.${key}`], key).toBeTruthy();
    }
  });
});
