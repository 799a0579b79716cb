import type { Mail } from '../../mail/mailer.ts';

/** The password mail: a reset, or the first password of an account someone created for you. */
export function resetMail(o: { to: string; name?: string; mode: string; link: string; unit: number | null }): Mail {
  const hello = o.name ? `Hello ${o.name},` : 'Hello,';
  const creating = o.mode !== 'reset';
  const subject = creating ? 'Create your password' : 'Reset your password';
  const action = creating
    ? 'An account was created for you. Choose your password with this link (valid for 7 days):'
    : 'Someone asked to reset the password of this account. If it was you, choose a new one with this link (valid for 24 hours):';
  const text = `${hello}\n\n${action}\n${o.link}\n\nIf you did not ask for this, ignore this message.`;
  const html = `<p>${escapeHtml(hello)}</p><p>${escapeHtml(action)}</p><p><a href="${escapeHtml(o.link)}">${escapeHtml(o.link)}</a></p><p>If you did not ask for this, ignore this message.</p>`;
  return {
    to: o.to,
    subject,
    text,
    html,
    kind: creating ? 'create-password' : 'reset-password',
    link: o.link,
    unit: o.unit,
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
