import type { Queryable } from './db.ts';

/** Secret links of outbox mails, kept apart from the records (which staff and history read). */
export async function keepOutboxLink(tx: Queryable, outboxId: number, link: string): Promise<void> {
  await tx.query('INSERT INTO outbox_links (outbox_id, link) VALUES ($1, $2)', [outboxId, link]);
}

export async function outboxLink(db: Queryable, outboxId: number): Promise<string | undefined> {
  const r = await db.query<{ link: string }>('SELECT link FROM outbox_links WHERE outbox_id = $1', [outboxId]);
  return r.rows[0]?.link;
}
