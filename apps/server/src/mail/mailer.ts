import nodemailer from 'nodemailer';
import type { CollectionStore } from '../store/collection.store.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Through SMTP when SMTP_URL is set; otherwise into the outbox collection, readable in the console. */
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
    send: async (mail) => {
      await store.insert(
        'outbox',
        { ...mail, html: mail.html ?? null, time: new Date().toISOString() },
        { id: null, name: 'system' },
      );
    },
  };
}
