// Outgoing mail: SMTP when SMTP_URL is set, otherwise one JSON file per message in DATA_DIR/mail
// so a developer, a test or a person on a laptop can read it.
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { MAIL_FOOTER, PRODUCT_NAME, cleanLines, toOneLine } from '@reshelf/shared';
import { newId } from './ids.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra header lines, such as List-Unsubscribe (values are single lines the server built). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(opts: { smtpUrl: string | undefined; from: string; dataDir: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail, subject: toOneLine(mail.subject) });
      },
    };
  }
  const dir = path.join(opts.dataDir, 'mail');
  return {
    async send(mail) {
      await fs.mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId()}.json`;
      const tmp = path.join(dir, `.${name}.tmp`);
      const saved = { to: mail.to, subject: toOneLine(mail.subject), text: mail.text, html: mail.html, ...(mail.headers ? { headers: mail.headers } : {}) };
      await fs.writeFile(tmp, JSON.stringify(saved, null, 2));
      await fs.rename(tmp, path.join(dir, name));
    },
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A plain, branded mail that reads well on a phone: a heading, paragraphs, an optional button.
 *
 * Subjects and headings are built from names, titles and places students typed, some of them stored
 * before the text rule (docs/decisions/0011-text-normalisation.md) refused hidden characters and line
 * breaks. So they are made one clean line here, where they leave (a line break in a subject starts a
 * header of its own; U+202E turns the words around in the inbox), and paragraphs lose the same hidden
 * characters but keep their lines. The senders above clean the subject again for mail not built here.
 */
export function brandedMail(input: {
  to: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Linked lines after the paragraphs (a digest's books): each line's text links to its URL. */
  links?: { text: string; url: string }[];
  /** Small print above the footer: why the mail came, and a link that stops mail like it. */
  unsubscribe?: { reason: string; label: string; url: string };
}): Mail {
  const opts = {
    ...input,
    subject: toOneLine(input.subject),
    heading: toOneLine(input.heading),
    paragraphs: input.paragraphs.map(cleanLines),
    // One line each, but a price's no-break spaces kept (toOneLine would make them plain spaces).
    links: (input.links ?? []).map((l) => ({ text: cleanLines(l.text).replace(/\s*\n\s*/g, ' '), url: l.url })),
  };
  const text = [
    opts.heading,
    '',
    ...opts.paragraphs.flatMap((p) => [p, '']),
    ...opts.links.flatMap((l) => [`${l.text}: ${l.url}`, '']),
    ...(opts.action ? [`${opts.action.label}: ${opts.action.url}`, ''] : []),
    ...(opts.unsubscribe ? [opts.unsubscribe.reason, `${opts.unsubscribe.label}: ${opts.unsubscribe.url}`, ''] : []),
    MAIL_FOOTER.text,
  ].join('\n');
  const links = opts.links.length
    ? `<ul style="padding-left:20px;margin:0 0 12px">${opts.links.map((l) => `<li style="font-size:16px;line-height:1.5;margin:0 0 8px"><a href="${escapeHtml(l.url)}" style="color:#15803d">${escapeHtml(l.text)}</a></li>`).join('')}</ul>`
    : '';
  const unsubscribe = opts.unsubscribe
    ? `<p style="font-size:12px;color:#71717a;margin-top:16px">${escapeHtml(opts.unsubscribe.reason)} <a href="${escapeHtml(opts.unsubscribe.url)}" style="color:#52525b">${escapeHtml(opts.unsubscribe.label)}</a></p>`
    : '';
  const button = opts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(opts.action.url)}" style="background:#15803d;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(opts.action.label)}</a></p><p style="font-size:13px;color:#52525b">${MAIL_FOOTER.linkIntro} ${escapeHtml(opts.action.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="en"><body style="margin:0;background:#f4f4f5;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181b"><div style="max-width:520px;margin:0 auto;padding:24px 16px"><p style="font-size:20px;font-weight:700;color:#15803d;margin:0 0 16px">${PRODUCT_NAME}</p><div style="background:#ffffff;border-radius:12px;padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(opts.heading)}</h1>${opts.paragraphs.map((p) => `<p style="font-size:16px;line-height:1.5;margin:0 0 12px">${escapeHtml(p)}</p>`).join('')}${links}${button}</div>${unsubscribe}<p style="font-size:12px;color:#71717a;margin-top:16px">${MAIL_FOOTER.html}</p></div></body></html>`;
  return { to: opts.to, subject: opts.subject, text, html };
}
