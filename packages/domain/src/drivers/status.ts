import { DRIVER_STATUSES } from '../constants.ts';

/**
 * A driver's status from the online drivers screen (spec section 4: a driver is taken online, sent
 * on a break or released from it; /onlinedrivers): which action each status takes and the status
 * it makes. `en_route` is set by the driver's trips, suspension by the suspend action.
 */
export type DriverStatus = (typeof DRIVER_STATUSES)[number];

export const DRIVER_ACTIONS = ['online', 'break', 'release', 'offline'] as const;
export type DriverAction = (typeof DRIVER_ACTIONS)[number];

export const DRIVER_ACTION_RULES: Readonly<Record<DriverAction, { from: readonly DriverStatus[]; to: DriverStatus }>> =
  {
    online: { from: ['offline'], to: 'online' },
    break: { from: ['online'], to: 'break' },
    release: { from: ['break'], to: 'online' },
    offline: { from: ['online', 'break'], to: 'offline' },
  };

export function isDriverStatus(v: unknown): v is DriverStatus {
  return typeof v === 'string' && (DRIVER_STATUSES as readonly string[]).includes(v);
}

/** The status a driver of `status` takes with `action`, or undefined when it does not take it. */
export function driverStatusAfter(status: DriverStatus, action: DriverAction): DriverStatus | undefined {
  const rule = DRIVER_ACTION_RULES[action];
  return rule.from.includes(status) ? rule.to : undefined;
}

/** The sentence of a refused driver action (errors.ts `driverStatus`). */
export const DRIVER_REFUSAL_TEXT = 'A driver who is {{driverStatus}} cannot be {{action}}.';
const ACTION_WORDS: Readonly<Record<DriverAction, string>> = {
  online: 'taken online',
  break: 'sent on a break',
  release: 'released from a break',
  offline: 'taken offline',
};

export function driverActionRefusal(status: DriverStatus, action: DriverAction): string {
  return DRIVER_REFUSAL_TEXT.replace('{{driverStatus}}', status).replace('{{action}}', ACTION_WORDS[action]);
}
