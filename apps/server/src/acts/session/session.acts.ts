import { ERROR_TEXTS, moduleRecords } from '@tc/domain';
import { requireInviter } from '../../access/access.ts';
import { hashPassword, verifyOrDummy, verifyPassword } from '../../auth/password.hash.ts';
import { loadPrincipal, type Principal, publicUser } from '../../auth/principal.ts';
import { consumeResetToken, issueResetToken } from '../../auth/reset.ts';
import { attemptSucceeded, loginRules, reserveAttempt } from '../../auth/throttle.ts';
import { type Act, type ActContext, requestOf, requirePrincipal } from '../../protocol/act.ts';
import { BadRequest, HttpError } from '../../protocol/errors.ts';
import {
  createSession,
  findLoginByEmail,
  getPasswordHash,
  revokeSession,
  setPassword,
  settingsFor,
  touchSession,
} from '../../store/auth.store.ts';
import { revokeResetTokens } from '../../store/reset.store.ts';
import { resetMail } from './reset.mail.ts';

async function sessionAnswer(ctx: ActContext, userId: number, sessionId: string) {
  const { db, tokens } = ctx.services;
  const principal = await loadPrincipal(db, userId, sessionId);
  const token = await tokens.sign({ userId, sessionId });
  return { token, user: publicUser(principal), settings: await settingsFor(db, principal.unit) };
}

const login: Act = {
  permission: { kind: 'public' },
  run: async (ctx) => {
    const { email, password } = requestOf(ctx, 'login');
    const { db, config } = ctx.services;
    const rules = loginRules(email, ctx.ip);
    // counted and reserved before the password is checked: parallel guesses cannot all be tried
    const reserved = await reserveAttempt(db, rules);
    const found = await findLoginByEmail(db, email);
    if (!(await verifyOrDummy(found?.hash, password)) || !found) throw new HttpError(401, ERROR_TEXTS.loginInvalid);
    await attemptSucceeded(db, reserved, rules[0]?.key as string);
    const sessionId = await createSession(db, found.id, config.sessionMaxHours);
    try {
      return { ...(await sessionAnswer(ctx, found.id, sessionId)), modules: moduleRecords() };
    } catch (err) {
      await revokeSession(db, sessionId);
      if (err instanceof HttpError && err.status === 401) throw new HttpError(403, ERROR_TEXTS.notActive);
      throw err;
    }
  },
};

const refreshtoken: Act = {
  permission: { kind: 'session' },
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    await touchSession(ctx.services.db, p.sessionId);
    return sessionAnswer(ctx, p.id, p.sessionId);
  },
};

const logout: Act = {
  permission: { kind: 'session' },
  run: async (ctx) => {
    const { sessionId } = requirePrincipal(ctx);
    await revokeSession(ctx.services.db, sessionId);
    ctx.services.principals.forget(sessionId);
    return { ok: true };
  },
};

/** The caller behind the token of a public act, when it sent a valid one. */
async function optionalCaller(ctx: ActContext): Promise<Principal | undefined> {
  if (ctx.token === undefined) return undefined;
  const { tokens, principals, db } = ctx.services;
  const claims = await tokens.verify(ctx.token);
  return principals.get(claims.sessionId, () => loadPrincipal(db, claims.userId, claims.sessionId));
}

/**
 * Public for "forgot password" (a reset link, nothing else, a few per address and per client).
 * A new account's first-password mail (`mode` other than reset, a `name` in its greeting) is sent
 * only by staff who may create that person, on their site.
 */
const passwordsendresettoken: Act = {
  permission: { kind: 'public' },
  run: async (ctx) => {
    const { email, mode = 'reset', name } = requestOf(ctx, 'passwordsendresettoken');
    const { db, mailer, store } = ctx.services;
    const invitation = mode !== 'reset' || name !== undefined;
    const staff = invitation ? await optionalCaller(ctx) : undefined;
    requireInviter(staff, invitation);
    if (!staff) {
      await reserveAttempt(db, [
        { key: `reset:${email.toLowerCase()}`, free: 5, after: 'cap' },
        { key: `reset-ip:${ctx.ip}`, free: 10, after: 'cap' },
      ]);
    }
    const found = await findLoginByEmail(db, email);
    // The same answer whether or not the address is known, so addresses cannot be probed.
    if (!found) return { ok: true };
    const user = await store.getById('users', found.id);
    requireInviter(staff, invitation, user ?? null);
    const token = await issueResetToken(db, found.id, mode);
    const link = `${ctx.origin}/admin/resetpw?token=${token}&mode=${mode}`;
    await mailer.send(resetMail({ to: email, name, mode, link, unit: user?.unit ?? null }));
    return { ok: true };
  },
};

const resetpassword: Act = {
  permission: { kind: 'public' },
  run: async (ctx) => {
    const { resetToken, password } = requestOf(ctx, 'resetpassword');
    const { db, store } = ctx.services;
    const hash = await hashPassword(password);
    const userId = await consumeResetToken(db, resetToken);
    if (userId === undefined) throw new BadRequest(ERROR_TEXTS.resetInvalid);
    await setPassword(db, userId, hash, { id: userId, name: 'password reset' });
    ctx.services.principals.forgetUser(userId);
    const user = await store.getById('users', userId);
    if (user?.status === 'unconfirmed') {
      await store.update('users', userId, { status: 'active' }, user._version, { id: userId, name: 'password reset' });
    }
    return { ok: true };
  },
};

const changepassword: Act = {
  permission: { kind: 'session' },
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    const { oldPassword, newPassword } = requestOf(ctx, 'changepassword');
    const { db } = ctx.services;
    const stored = await getPasswordHash(db, p.id);
    if (!stored || !(await verifyPassword(stored, oldPassword))) throw new BadRequest(ERROR_TEXTS.wrongOldPassword);
    // whoever knew the old password (another session, a mailed link) is out
    await setPassword(db, p.id, await hashPassword(newPassword), { id: p.id, name: p.name }, p.sessionId);
    await revokeResetTokens(db, p.id);
    ctx.services.principals.forgetUser(p.id);
    return { ok: true };
  },
};

const systeminfo: Act = {
  permission: { kind: 'public' },
  run: async (ctx) => ({
    name: 'Transport Console',
    version: '0.1.0',
    demo: ctx.services.config.demo,
    database: ctx.services.db.kind,
  }),
};

export const sessionActs = {
  systeminfo,
  login,
  refreshtoken,
  logout,
  passwordsendresettoken,
  resetpassword,
  changepassword,
};
