import nodemailer from 'nodemailer';
import type { CollectionStore } from '../store/collection.store.ts';
import { keepOutboxLink } from '../store/outbox.store.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
  /** A live secret link (password reset or creation): only its recipient may read it. */
  link?: string;
  /** The recipient's site: staff of other sites do not see the mail in the outbox. */
  unit?: number | null;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** What staff read in the outbox where a mail's secret link was. */
export const LINK_HIDDEN = '[link hidden: only its recipient, or the owner account in the outbox, can open it]';

/**
 * Through SMTP when SMTP_URL is set; otherwise into the outbox collection, readable in the console.
 * There a mail's secret link is replaced by LINK_HIDDEN in the record (and so in its history); the
 * link itself is kept apart in `outbox_links`, which only the owner account reads (act outboxlink).
 */
export function createMailer(store: CollectionStore, smtpUrl: string | undefined, from: string): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      send: async (mail) => {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      },
    };
  }
  return {
    send: async ({ link, unit, ...mail }) => {
      const hide = (s: string) => (link ? s.split(link).join(LINK_HIDDEN) : s);
      await store.db.tx(async (tx) => {
        const stored = await store.insert(
          'outbox',
          {
            ...mail,
            text: hide(mail.text),
            // the HTML part writes the link escaped: a mail with a secret link keeps its text only
            html: mail.html && !link ? mail.html : null,
            hasLink: link !== undefined,
            unit: unit ?? null,
            time: new Date().toISOString(),
          },
          { id: null, name: 'system' },
          {},
          tx,
        );
        if (link) await keepOutboxLink(tx, stored._id, link);
      });
    },
  };
}
