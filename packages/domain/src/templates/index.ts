/** System templates (spec sections 1 and 4): they change wording and which screens exist. */

export const TEMPLATES = ['default', 'schoolShuttles', 'employees', 'trailers'] as const;
export type Template = (typeof TEMPLATES)[number];

export const UNIT_TYPES = ['Default', 'School', 'Employees'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

/**
 * Spec section 4: the template comes from the user's unit type (School -> schoolShuttles,
 * Employees -> employees), else from the systemTemplate setting, else default.
 */
export function resolveTemplate(unitType: string | undefined, systemTemplateSetting: unknown): Template {
  if (unitType === 'School') return 'schoolShuttles';
  if (unitType === 'Employees') return 'employees';
  if (
    systemTemplateSetting === 'schoolShuttles' ||
    systemTemplateSetting === 'employees' ||
    systemTemplateSetting === 'trailers'
  ) {
    return systemTemplateSetting;
  }
  return 'default';
}

/**
 * i18n key suffix per wording family. The web looks up `terms.<family>.<variant>`.
 * Bookings for the school and employee templates and Orders for trailers is our reading of
 * spec section 1 (it names the three words but not which template uses which).
 */
export const WORDING: Record<Template, { reservations: string; vehicles: string; shifts: string; recipient: string }> =
  {
    default: { reservations: 'reservations', vehicles: 'vehicles', shifts: 'shifts', recipient: 'passenger' },
    schoolShuttles: { reservations: 'bookings', vehicles: 'vehicles', shifts: 'schoolHours', recipient: 'passenger' },
    employees: { reservations: 'bookings', vehicles: 'vehicles', shifts: 'workHours', recipient: 'passenger' },
    trailers: { reservations: 'orders', vehicles: 'trailers', shifts: 'shifts', recipient: 'recipient' },
  };

/** Screens that exist only in some templates (spec sections 2 and 6). */
export const TEMPLATE_SCREENS: Record<string, readonly Template[]> = {
  students: ['schoolShuttles'],
  employees: ['employees'],
  parents: ['schoolShuttles'],
  faresEdit: ['schoolShuttles'],
  setSchoolShifts: ['schoolShuttles'],
  setWorkShifts: ['employees'],
};

export function screenAvailable(screen: string, template: Template): boolean {
  const only = TEMPLATE_SCREENS[screen];
  return !only || only.includes(template);
}
