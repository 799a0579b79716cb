import {
  forgotPasswordSchema,
  loginSchema,
  meetsChangeRule,
  meetsResetRule,
  moduleRecords,
  PASSWORD_MESSAGES,
} from '@tc/domain';
import { z } from 'zod';
import { hashPassword, verifyPassword } from '../../auth/password.hash.ts';
import { loadPrincipal, publicUser } from '../../auth/principal.ts';
import { consumeResetToken, issueResetToken, RESET_INVALID, RESET_MODES } from '../../auth/reset.ts';
import { assertNotThrottled, recordFailure } from '../../auth/throttle.ts';
import { type Act, type ActContext, requirePrincipal } from '../../protocol/act.ts';
import { BadRequest, HttpError } from '../../protocol/errors.ts';
import { parseBody } from '../../protocol/parse.ts';
import {
  createSession,
  findLoginByEmail,
  getPasswordHash,
  revokeSession,
  revokeUserSessions,
  setPassword,
  settingsFor,
  touchSession,
} from '../../store/auth.store.ts';
import { resetMail } from './reset.mail.ts';

export const LOGIN_FAILED = 'Email or password is invalid';
export const WRONG_OLD_PASSWORD = 'Wrong old password';
const NOT_ACTIVE = 'Your account is not active. Please contact an administrator.';

async function sessionAnswer(ctx: ActContext, userId: number, sessionId: string) {
  const { db, tokens } = ctx.services;
  const principal = await loadPrincipal(db, userId, sessionId);
  const token = await tokens.sign({ userId, sessionId });
  return { token, user: publicUser(principal), settings: await settingsFor(db, principal.unit) };
}

const login: Act = {
  permission: { kind: 'public' },
  run: async (ctx) => {
    const { email, password } = parseBody(loginSchema, ctx.body);
    const { db } = ctx.services;
    const keys = [`login:${email.toLowerCase()}`, `ip:${ctx.ip}`];
    await assertNotThrottled(db, keys);
    const found = await findLoginByEmail(db, email);
    if (!found?.hash || !(await verifyPassword(found.hash, password))) {
      await recordFailure(db, keys);
      throw new HttpError(401, LOGIN_FAILED);
    }
    const sessionId = await createSession(db, found.id);
    try {
      return { ...(await sessionAnswer(ctx, found.id, sessionId)), modules: moduleRecords() };
    } catch (err) {
      await revokeSession(db, sessionId);
      if (err instanceof HttpError && err.status === 401) throw new HttpError(403, NOT_ACTIVE);
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

const sendResetSchema = forgotPasswordSchema.extend({
  mode: z.enum(RESET_MODES as [string, ...string[]]).optional(),
  name: z.string().max(100).optional(),
});

const passwordsendresettoken: Act = {
  permission: { kind: 'public' },
  run: async (ctx) => {
    const { email, mode = 'reset', name } = parseBody(sendResetSchema, ctx.body);
    const { db, mailer, config } = ctx.services;
    const keys = [`reset:${email.toLowerCase()}`];
    await assertNotThrottled(db, keys);
    await recordFailure(db, keys); // every request counts: at most 10 mails per address per window
    const found = await findLoginByEmail(db, email);
    // The same answer whether or not the address is known, so addresses cannot be probed.
    if (!found) return { ok: true };
    const token = await issueResetToken(db, found.id, mode);
    const base = config.publicUrl ?? ctx.origin;
    await mailer.send(resetMail({ to: email, name, mode, link: `${base}/admin/resetpw?token=${token}&mode=${mode}` }));
    return { ok: true };
  },
};

const resetSchema = z.object({
  resetToken: z.string({ error: RESET_INVALID }).min(10, RESET_INVALID).max(200, RESET_INVALID),
  password: z.string({ error: PASSWORD_MESSAGES.required }).refine(meetsResetRule, PASSWORD_MESSAGES.resetRule),
});

const resetpassword: Act = {
  permission: { kind: 'public' },
  run: async (ctx) => {
    const { resetToken, password } = parseBody(resetSchema, ctx.body);
    const { db, store } = ctx.services;
    const hash = await hashPassword(password);
    const userId = await consumeResetToken(db, resetToken);
    if (userId === undefined) throw new BadRequest(RESET_INVALID);
    await setPassword(db, userId, hash, { id: userId, name: 'password reset' });
    await revokeUserSessions(db, userId);
    ctx.services.principals.forgetUser(userId);
    const user = await store.getById('users', userId);
    if (user?.status === 'unconfirmed') {
      await store.update('users', userId, { status: 'active' }, user._version, { id: userId, name: 'password reset' });
    }
    return { ok: true };
  },
};

const changeSchema = z.object({
  oldPassword: z.string({ error: PASSWORD_MESSAGES.required }).min(1, PASSWORD_MESSAGES.required),
  newPassword: z.string({ error: PASSWORD_MESSAGES.required }).refine(meetsChangeRule, PASSWORD_MESSAGES.changeRule),
});

const changepassword: Act = {
  permission: { kind: 'session' },
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    const { oldPassword, newPassword } = parseBody(changeSchema, ctx.body);
    const { db } = ctx.services;
    const stored = await getPasswordHash(db, p.id);
    if (!stored || !(await verifyPassword(stored, oldPassword))) throw new BadRequest(WRONG_OLD_PASSWORD);
    await setPassword(db, p.id, await hashPassword(newPassword), { id: p.id, name: p.name });
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
