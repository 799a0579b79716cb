import { scopeOf } from '../../access/access.ts';
import { hashPassword } from '../../auth/password.hash.ts';
import { type Act, requestOf, requirePrincipal } from '../../protocol/act.ts';
import { BadRequest } from '../../protocol/errors.ts';
import { findDriverLogin, setPasswordIn } from '../../store/auth.store.ts';

/**
 * A driver's password (spec section 3: a driver has a password). The driver record never holds it:
 * the driver signs in through a user with the driver role linked to the record (`driver`), made here
 * on first use with the driver's email, name, phone and site, and its password is set, argon2id-hashed,
 * in the same transaction, with history for both.
 */
const driverlogin: Act = {
  permission: { kind: 'module', module: 'drivers', action: 'edit' },
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    const { driver, password } = requestOf(ctx, 'driverlogin');
    const { store } = ctx.services;
    const record = await store.getInScope('drivers', driver, scopeOf(p), 'write');
    const email = typeof record.email === 'string' ? record.email.trim() : '';
    if (!email) throw new BadRequest('The driver needs an email to sign in', { field: 'email' });
    const hash = await hashPassword(password);
    const actor = { id: p.id, name: p.name };
    const login = await store.db.tx(async (tx) => {
      const existing = await findDriverLogin(tx, driver);
      const id =
        existing ??
        (
          await store.insert(
            'users',
            {
              role: 'driver',
              driver,
              email,
              firstName: record.firstName,
              lastName: record.lastName,
              phone: record.phone,
              status: 'active',
              unit: record.unit,
            },
            actor,
            { unit: record.unit ?? undefined },
            tx,
          )
        )._id;
      await setPasswordIn(tx, id, hash, actor);
      // an existing login keeps its own email: the one the driver signs in with
      const own = existing ? (await store.getById('users', id, tx))?.email : undefined;
      return { id, email: typeof own === 'string' && own ? own : email };
    });
    ctx.services.principals.forgetUser(login.id);
    return { user: login.id, email: login.email };
  },
};

export const driverActs = { driverlogin };
