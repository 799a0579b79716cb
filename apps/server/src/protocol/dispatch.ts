import { Readable } from 'node:stream';
import { loadPrincipal, type Principal } from '../auth/principal.ts';
import type { ActContext, Services } from './act.ts';
import { ACTS } from './acts.ts';
import { authorize } from './authorize.ts';
import { BadRequest } from './errors.ts';

export interface CallInfo {
  ip: string;
  origin: string;
}

/** Runs one call of the protocol: find the act, check the token and its permission, run it. */
export async function dispatch(services: Services, body: unknown, info: CallInfo): Promise<unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new BadRequest('The request body must be a JSON object');
  }
  return run(services, body as Record<string, unknown>, info, undefined);
}

async function run(
  services: Services,
  body: Record<string, unknown>,
  info: CallInfo,
  caller: Principal | undefined,
): Promise<unknown> {
  const name = body.act;
  const act = typeof name === 'string' && Object.hasOwn(ACTS, name) ? ACTS[name] : undefined;
  if (!act) throw new BadRequest(`Unknown act: ${String(name)}`);
  let principal = caller;
  if (act.permission.kind !== 'public' && !principal) {
    const claims = await services.tokens.verify(body.token);
    principal = await services.principals.get(claims.sessionId, () =>
      loadPrincipal(services.db, claims.userId, claims.sessionId),
    );
  }
  const ctx: ActContext = {
    body,
    services,
    principal,
    ip: info.ip,
    origin: info.origin,
    dispatch: (inner) => run(services, { ...inner, token: body.token }, info, principal),
  };
  if (principal) await authorize(act.permission, ctx, principal);
  // a top-level call holds its rows from the caller's budget until its answer is sent
  const release =
    principal && !caller && act.rows ? services.rowBudget.reserve(principal.id, act.rows(body)) : undefined;
  if (!release) return act.run(ctx);
  try {
    const result = await act.run(ctx);
    if (result instanceof Readable) {
      result.once('close', release);
      return result;
    }
    release();
    return result;
  } catch (err) {
    release();
    throw err;
  }
}
