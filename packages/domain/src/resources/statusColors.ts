/**
 * One colour per status (issue 19, point 7): a status reads the same on every list. Colours are
 * Mantine's palette names. Within one kind (a reservation's, a trip's, a driver's) no two statuses
 * share a colour; across kinds a word keeps its colour (canceled is grey everywhere).
 */
export const STATUS_COLORS: Readonly<Record<string, string>> = {
  // reservations
  draft: 'gray',
  new: 'blue',
  onhold: 'yellow',
  waiting: 'orange',
  canceled: 'dark',
  routing: 'cyan',
  routed: 'indigo',
  picked: 'violet',
  dropped: 'green',
  noshow: 'red',
  // trips
  sent: 'cyan',
  approved: 'teal',
  'picking up': 'violet',
  'in route': 'indigo',
  done: 'green',
  // drivers
  offline: 'gray',
  online: 'green',
  en_route: 'blue',
  break: 'yellow',
  suspended: 'red',
  // people, profiles, shifts
  active: 'green',
  Active: 'green',
  inactive: 'gray',
  Inactive: 'gray',
  'not active': 'gray',
  unconfirmed: 'yellow',
  disabled: 'dark',
  'on hold': 'orange',
  // routing scheduler runs
  written: 'green',
  nothing: 'gray',
  failed: 'red',
  missed: 'orange',
  interrupted: 'yellow',
  undone: 'dark',
};

/** A status's colour; one not listed is grey. */
export function statusColor(status: unknown): string {
  return (typeof status === 'string' && STATUS_COLORS[status]) || 'gray';
}

/** Fields a list shows as a status badge. */
export const STATUS_FIELDS: ReadonlySet<string> = new Set(['status', 'driverStatus']);
