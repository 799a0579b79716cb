/** Business constants and limits of spec section 9. */

export const JOB_STATUSES = [
  'draft',
  'new',
  'onhold',
  'waiting',
  'canceled',
  'routing',
  'routed',
  'picked',
  'dropped',
  'noshow',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const TRIP_STATUSES = ['new', 'in route', 'sent', 'approved', 'picking up', 'done', 'canceled'] as const;
export const DRIVER_STATUSES = ['offline', 'online', 'en_route', 'break', 'suspended'] as const;
export const USER_STATUSES = ['active', 'inactive', 'unconfirmed', 'suspended', 'disabled'] as const;
export const SUSPENSION_REASONS = ['admin locked', 'contract terminated', 'temporarily suspended'] as const;

export const PER_AREA_MATCH_MAX = 999999;
export const OPUS_CARD_LENGTH = 12;
export const NAME_MIN = 2;
export const NAME_MAX = 30;
export const PASSWORD_MIN_RESET = 8;
export const PASSWORD_MIN_CHANGE = 6;
export const MAX_SHIFT_HOURS = { min: 1, max: 24 } as const;

/** Request timeouts by priority, in ms. */
export const TIMEOUTS = {
  default: 8000,
  lowest: 8000,
  low: 12500,
  medium: 18000,
  high: 22500,
  highest: 30000,
} as const;
export type Priority = Exclude<keyof typeof TIMEOUTS, 'default'>;
export const TOKEN_REFRESH_MS = 60_000;
export const SOCKET_RETRY_MS = 3000;
export const DOUBLE_SUBMIT_MS = 3000;

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 100;
export const PAGINATION_LINKS = 7;
export const FILTER_DEBOUNCE_MS = 250;
export const NEAREST_DEBOUNCE_MS = 200;
export const COLUMN_WIDTH = { min: 20, max: 200, maxAllowed: 1000 } as const;
export const ADDRESS_TOOLTIP_CHARS = 20;

export const MAP = {
  defaultZoom: 10,
  defaultCenter: [0, 0] as const,
  flyToMinZoom: 15,
  fitPadding: 10,
  polygonFitPadding: 40,
};
export const METRES_PER_MILE = 1609.34;
export const METRES_PER_KM = 1000;
export const DISTANCE_UNITS = ['miles', 'km'] as const;
export const SERVER_DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';
export const HISTORY_TIME_ZONE = 'America/New_York';

export const RATE_TYPES = ['ordinary', 'free 0-5', 'free 6-11', 'free 0-11'] as const;
export const DISCOUNT_TYPES = [
  'none',
  'fixed',
  'fixed per passenger',
  'percent',
  'percent rounded',
  'percent rounded up',
] as const;
export const LOCATION_TYPES = ['location', 'in and out', 'airport', 'school', 'special', 'work', 'general'] as const;
export const FLIGHT_TYPES = ['international', 'domestic', 'customer request'] as const;
export const PROFILE_TYPES = [
  'retail',
  'individual',
  'wholesale',
  'corporate',
  'website',
  'hotel',
  '3rdParty',
  'tourOperator',
  'receptive operator',
] as const;
export const PROFILE_STATUSES = ['active', 'inactive', 'on hold'] as const;
export const SETTING_TYPES = ['String', 'Boolean', 'Object', 'Array', 'Integer', 'Range', 'Float'] as const;
export const SETTING_CATEGORIES = ['Misc', 'RoutingEngine', 'RoutingConfig', 'RouteingAssign', 'Reservations'] as const;
export const NOTE_TYPES = [
  'accident',
  'complaint',
  'agent issue',
  'car issue',
  'no-show',
  'general',
  'dispatch',
  'driver',
  'agent',
  'cancel',
  'booking',
] as const;
export const PAYMENT_TYPES = [
  'free',
  'opus monthly',
  'opus passage',
  'cash on board',
  'correspondence',
  'occasional card 1',
  'occasional card 2',
  'credit',
  'direct bill',
  'card',
  'cash',
  'voucher',
] as const;
export const ROUTING_JOIN_OPTIONS = ['no join', 'try join', 'only join'] as const;
export const ROUTING_TYPES = ['dynamic', 'demand', 'bus', 'exo'] as const;
export const DIRECTIONS = ['both', 'to', 'from'] as const;
