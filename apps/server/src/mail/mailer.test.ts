import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { hashPassword } from '../auth/password.hash.ts';
import { setPasswords } from '../store/auth.store.ts';
import { CollectionStore } from '../store/collection.store.ts';
import type { Database } from '../store/db.ts';
import { testConfig } from '../test/config.ts';
import { freshDatabase } from '../test/fresh-db.ts';
import { createMailer } from './mailer.ts';

/** A real SMTP server on a free port that keeps what it receives. */
const received: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});
let smtpUrl: string;
let db: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  ({ db, drop } = await freshDatabase());
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await drop();
});

describe('mail', () => {
  it('goes through SMTP when it is configured', async () => {
    const mailer = createMailer(new CollectionStore(db), smtpUrl, 'Console <no-reply@example.com>');
    await mailer.send({ to: 'ana@example.com', subject: 'Hello', text: 'Body text', kind: 'test' });
    expect(received.at(-1)?.to).toEqual(['ana@example.com']);
    expect(received.at(-1)?.raw).toContain('Subject: Hello');
  });

  it('goes to the outbox, with its history, without SMTP', async () => {
    const store = new CollectionStore(db);
    await createMailer(store, undefined, 'x@example.com').send({
      to: 'bo@example.com',
      subject: 'Hi',
      text: 't',
      kind: 'test',
    });
    const out = await store.find('outbox', { query: { to: 'bo@example.com' } });
    expect(out.data).toHaveLength(1);
    const h = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM history WHERE collection = 'outbox'`);
    expect(h.rows[0]?.n).toBe(1);
  });

  it('mails a reset link through SMTP, with the public address, and nothing lands in the outbox', async () => {
    const { app, services } = await buildApp({
      db,
      config: testConfig({ smtpUrl, publicUrl: 'https://console.example.com' }),
    });
    const store = services.store;
    await store.insert('units', { name: 'Main', type: 'Default' }, { id: null, name: 't' });
    const u = await store.insert(
      'users',
      { email: 'cy@example.com', role: 'agent', unit: 1, status: 'active' },
      { id: null, name: 't' },
    );
    await setPasswords(db, [u._id], await hashPassword('Secret12!'));
    const before = received.length;
    const r = await app.inject({
      method: 'POST',
      url: '/',
      payload: { act: 'passwordsendresettoken', email: 'cy@example.com' },
    });
    expect(r.json()).toEqual({ ok: true });
    expect(received.length).toBe(before + 1);
    expect(received.at(-1)?.raw).toContain('https://console.example.com/admin/resetpw?token=');
    expect((await store.find('outbox', { query: { to: 'cy@example.com' } })).data).toHaveLength(0);
    await app.close();
  });
});
