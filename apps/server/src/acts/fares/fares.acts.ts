import {
  computeJobFares,
  FareRequestError,
  fareOptionsFromSettings,
  fareRequestFromJob,
  presentJobFares,
} from '@tc/domain';
import { siteOfCall } from '../../access/access.ts';
import { type Act, requirePrincipal } from '../../protocol/act.ts';
import { BadRequest } from '../../protocol/errors.ts';
import { settingsFor } from '../../store/auth.store.ts';

/**
 * {act: 'getjobfares', project, job} -> {fares}: one quote per service that has a fare for the
 * job's site, profile, places, date and passengers. A user below admin quotes only on their site.
 * Distances are the engine's great-circle estimate; the road distance of a routing server is used
 * once the routing provider is wired to the server (docs/fares.md).
 */
const getjobfares: Act = {
  permission: { kind: 'module', module: 'jobs', action: 'view' },
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    const job = ctx.body.job;
    if (typeof job !== 'object' || job === null || Array.isArray(job)) throw new BadRequest('job must be an object');
    const request = fareRequestFromJob(job as Record<string, unknown>);
    const unit = siteOfCall(p, (request as { unit?: unknown }).unit);
    try {
      const site = unit ?? -1;
      const context = await ctx.services.fareContexts.get(site);
      const options = fareOptionsFromSettings(await settingsFor(ctx.services.db, site), site);
      return presentJobFares(computeJobFares(request, context, options));
    } catch (err) {
      if (err instanceof FareRequestError) throw new BadRequest(err.message, err.field ? { field: err.field } : {});
      throw err;
    }
  },
};

export const fareActs = { getjobfares };
