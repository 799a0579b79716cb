import type { Act } from '../../protocol/act.ts';
import { NotFound } from '../../protocol/errors.ts';
import { outboxLink } from '../../store/outbox.store.ts';
import { idOf } from '../collections/collection.acts.ts';

/**
 * The secret link of an outbox mail (a password link), for the owner account only: without a mail
 * server the owner hands it to its recipient. Staff with Messages view see the mail without it.
 */
const outboxlink: Act = {
  permission: { kind: 'owner' },
  run: async (ctx) => {
    const id = idOf({ _id: ctx.body.id });
    const link = await outboxLink(ctx.services.db, id);
    if (!link) throw new NotFound();
    return { link };
  },
};

export const outboxActs = { outboxlink };
