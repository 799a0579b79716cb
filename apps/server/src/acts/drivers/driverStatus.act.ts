import { type DriverStatus, driverActionRefusal, driverStatusAfter, isDriverStatus, type StoredDoc } from '@tc/domain';
import { scopeOf } from '../../access/access.ts';
import { type Act, requestOf, requirePrincipal } from '../../protocol/act.ts';
import { HttpError } from '../../protocol/errors.ts';

/**
 * A driver taken online, sent on a break, released from it or taken offline (/onlinedrivers; spec
 * section 4), under the active drivers module's changeStatus, on the version the dispatcher saw.
 */
const driverstatus: Act = {
  permission: { kind: 'module', module: 'activeDrivers', action: 'changeStatus' },
  run: async (ctx): Promise<StoredDoc> => {
    const p = requirePrincipal(ctx);
    const { id, _version, action } = requestOf(ctx, 'driverstatus');
    const scope = scopeOf(p);
    const { store } = ctx.services;
    const driver = await store.getInScope('drivers', id, scope, 'write');
    const status: DriverStatus = driver.suspended
      ? 'suspended'
      : isDriverStatus(driver.driverStatus)
        ? driver.driverStatus
        : 'offline';
    const next = driverStatusAfter(status, action);
    if (!next)
      throw new HttpError(409, driverActionRefusal(status, action), { driverStatus: status, action }, 'driverStatus');
    return store.update('drivers', id, { driverStatus: next }, _version, { id: p.id, name: p.name }, scope);
  },
};

export const driverStatusActs = { driverstatus };
