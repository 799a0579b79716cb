import { Readable } from 'node:stream';
import { ACT_CATALOGUE, isActName } from '@tc/domain';
import { loadPrincipal, type Principal } from '../auth/principal.ts';
import type { ActContext, Services } from './act.ts';
import { ACTS } from './acts.ts';
import { authorize } from './authorize.ts';
import { BadRequest } from './errors.ts';
import { parseBody } from './parse.ts';

export interface CallInfo {
  ip: string;
  origin: string;
  /** The request's server log, for a failure an act records and answers rather than throws. */
  logError: (err: unknown, what: string) => void;
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
  const { act: name, token, ...request } = body;
  if (!isActName(name)) throw new BadRequest(`Unknown act: ${String(name)}`);
  const act = ACTS[name];
  let principal = caller;
  if (act.permission.kind !== 'public' && !principal) {
    const claims = await services.tokens.verify(token);
    principal = await services.principals.get(claims.sessionId, () =>
      loadPrincipal(services.db, claims.userId, claims.sessionId),
    );
  }
  // the catalogue's schema, before the permission (which reads the collection) and the act
  const parsed = parseBody(ACT_CATALOGUE[name].request, request) as Record<string, unknown>;
  const ctx: ActContext = {
    body: parsed,
    token,
    services,
    principal,
    ip: info.ip,
    origin: info.origin,
    logError: info.logError,
    dispatch: (inner) => run(services, { ...inner, token }, info, principal),
  };
  if (principal) await authorize(act.permission, ctx, principal);
  // a top-level call holds its rows from the caller's budget until its answer is sent
  const release =
    principal && !caller && act.rows ? services.rowBudget.reserve(principal.id, act.rows(parsed)) : undefined;
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
