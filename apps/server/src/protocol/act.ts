import type { ActInput, ActName, ModuleKey } from '@tc/domain';
import type { CollectionOp } from '../access/access.ts';
import type { Keys } from '../auth/keys.ts';
import type { PrincipalCache } from '../auth/principal.cache.ts';
import type { Principal } from '../auth/principal.ts';
import type { TokenService } from '../auth/token.ts';
import type { Config } from '../config.ts';
import type { UserChannel } from '../live/userChannel.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { AddOnCache } from '../store/addOns.cache.ts';
import type { CollectionStore } from '../store/collection.store.ts';
import type { Database } from '../store/db.ts';
import type { FareContextCache } from '../store/fare-context.cache.ts';
import type { PositionWriter } from '../store/positions.store.ts';
import type { RowBudget } from './row.budget.ts';

export interface Services {
  db: Database;
  store: CollectionStore;
  /** Secrets kept apart from the database (auth/keys.ts). */
  keys: Keys;
  tokens: TokenService;
  mailer: Mailer;
  config: Config;
  fareContexts: FareContextCache;
  principals: PrincipalCache;
  rowBudget: RowBudget;
  /** Card payments of bookings (payments/provider.ts). */
  payments: PaymentProvider;
  /** Messages to one user's consoles over /socket (a routing run's progress). */
  live: UserChannel;
  /** The drivers' positions, written in batches (store/positions.store.ts). */
  positions: PositionWriter;
  /** The add-on modules each site has on, read at most as often as a caller needs. */
  addOns: AddOnCache;
}

export interface ActContext {
  /** The request as the act catalogue parsed it (`requestOf` types it). */
  body: Record<string, unknown>;
  /** The token the call carried, if any (public acts may be called by staff too). */
  token: unknown;
  services: Services;
  /** Set for every act that is not public. */
  principal: Principal | undefined;
  ip: string;
  /** Origin the request came to (for links in mail when PUBLIC_URL is not set). */
  origin: string;
  /** Logs on the server a failure the act records and answers instead of throwing (a scheduled run's). */
  logError: (err: unknown, what: string) => void;
  /** Runs another act as the same caller, with its own permission check (batch). */
  dispatch: (body: Record<string, unknown>) => Promise<unknown>;
}

/**
 * What an act needs before it runs. Declared on every act; the dispatcher enforces it.
 * - public: no token (login, password reset)
 * - session: any valid token
 * - module: the role holds `action` on `module`
 * - moduleAction: the role holds on `module` the action the parsed request needs
 * - collection: the module of `col` (and, for users, of the roles concerned) with the operation's action
 * - owner: only the one super account
 * - delegated: each sub-call is dispatched and checked on its own (batch)
 * - driver: a user of the driver role linked to a drivers record, on a site whose driver app add-on is on
 */
export type Permission =
  | { kind: 'public' }
  | { kind: 'session' }
  | { kind: 'module'; module: ModuleKey; action: string }
  /** The action of `module` that what the request asks for needs (school hours: setSchoolShifts). */
  | { kind: 'moduleAction'; module: ModuleKey; actionOf: (body: Record<string, unknown>) => string }
  | { kind: 'collection'; op: CollectionOp }
  | { kind: 'owner' }
  /** Any of view, create or edit on the module of the resource the body names (`resource`). */
  | { kind: 'resource' }
  | { kind: 'delegated'; acts: readonly ActName[] }
  /** `addOnMaxAgeMs`: the site's add-on setting may be read that long ago (an act called every second). */
  | { kind: 'driver'; addOnMaxAgeMs?: number };

export interface Act {
  permission: Permission;
  /**
   * Most rows the act holds in memory (its answer): reserved from the caller's RowBudget while a
   * top-level call runs. Acts that return a few fields leave it out.
   */
  rows?: (body: Record<string, unknown>) => number;
  run(ctx: ActContext): Promise<unknown>;
}

/** The act's request, parsed by the dispatcher with its catalogue schema before the act runs. */
export function requestOf<K extends ActName>(ctx: ActContext, _act: K): ActInput<K> {
  return ctx.body as ActInput<K>;
}

export function requirePrincipal(ctx: ActContext): Principal {
  if (!ctx.principal) throw new Error('act declared public but needs a caller');
  return ctx.principal;
}
