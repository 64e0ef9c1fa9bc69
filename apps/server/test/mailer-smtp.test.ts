// With SMTP_URL set, mail leaves by SMTP: the mailer signs in with the URL's user and password and hands
// the message to the server. Here the server is an in-process smtp-server that keeps what it receives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer, type SMTPServerAuthentication, type SMTPServerSession } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { brandedMail, createMailer } from '../src/lib/mailer.ts';

interface Received {
  from: string;
  to: string[];
  user: unknown;
  raw: string;
}

let server: SMTPServer;
let port: number;
const waiting: ((mail: Received) => void)[] = [];
const nextMail = () => new Promise<Received>((resolve) => waiting.push(resolve));

beforeAll(async () => {
  server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to make, and the sign-in is still checked.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth: SMTPServerAuthentication, _session: SMTPServerSession, callback) {
      if (auth.username === 'reshelf' && auth.password === 's3cret pass') return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      // The envelope is the session's until the message is accepted; read it before answering.
      const { mailFrom, rcptTo } = session.envelope;
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: Received = {
          from: mailFrom ? mailFrom.address : '',
          to: rcptTo.map((r) => r.address),
          user: session.user,
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        callback();
        waiting.shift()?.(mail);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

describe('mail by SMTP', () => {
  it('signs in with the SMTP_URL credentials and delivers the branded mail, subject on one line', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://reshelf:${encodeURIComponent('s3cret pass')}@127.0.0.1:${port}`, from: 'Reshelf <no-reply@reshelf.co.za>', dataDir: '/nonexistent' });
    const received = nextMail();
    await mailer.send(
      brandedMail({
        to: 'thandi@students.wits.ac.za',
        subject: 'Reset your Reshelf password\r\nBcc: someone@example.com',
        heading: 'Hi Thandi, reset your password',
        paragraphs: ['The link below works once and expires in 1 hour.'],
        action: { label: 'Choose a new password', url: 'http://localhost:3000/reset?token=abc' },
      }),
    );
    const mail = await received;
    expect(mail.user).toBe('reshelf');
    expect(mail.from).toBe('no-reply@reshelf.co.za');
    expect(mail.to).toEqual(['thandi@students.wits.ac.za']);
    const headers = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
    expect(headers).toMatch(/^Subject: Reset your Reshelf password Bcc: someone@example\.com$/m);
    expect(headers).not.toMatch(/^Bcc:/m);
    expect(headers).toMatch(/^From: Reshelf <no-reply@reshelf\.co\.za>$/m);
    // The body parts are quoted-printable (the footer has a dash outside ASCII).
    const body = Buffer.from(mail.raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
    expect(body).toContain('Hi Thandi, reset your password\r\n\r\nThe link below works once and expires in 1 hour.');
    expect(body).toContain('Choose a new password: http://localhost:3000/reset?token=abc');
    expect(body).toContain('— Reshelf, second-hand textbooks between students');
  });

  it('carries the one-click unsubscribe headers (RFC 8058) and the small print of a wishlist mail', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://reshelf:${encodeURIComponent('s3cret pass')}@127.0.0.1:${port}`, from: 'Reshelf <no-reply@reshelf.co.za>', dataDir: '/nonexistent' });
    const received = nextMail();
    const mail = brandedMail({
      to: 'thandi@students.wits.ac.za',
      subject: 'On your wishlist: "Calculus" is for sale',
      heading: 'On your wishlist: "Calculus" is for sale',
      paragraphs: ['Hi Thandi, a student just listed "Calculus".'],
      links: [{ text: '"Calculus", R\u00a0250,00 at Wits', url: 'http://localhost:3000/books/abc' }],
      unsubscribe: { reason: 'You get this email because you saved "calculus" on your Reshelf wishlist.', label: 'Stop emails for this wishlist entry', url: 'http://localhost:3000/wishlist/unsubscribe/tok.en' },
    });
    await mailer.send({
      ...mail,
      headers: { 'List-Unsubscribe': '<http://localhost:3000/api/v1/wishlist/unsubscribe/tok.en>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    const raw = (await received).raw;
    // Header lines as read, long ones unfolded (a line break followed by a space continues the line).
    const headers = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
    expect(headers).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/api\/v1\/wishlist\/unsubscribe\/tok\.en>$/m);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const body = Buffer.from(raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
    expect(body).toContain('"Calculus", R\u00a0250,00 at Wits: http://localhost:3000/books/abc');
    expect(body).toContain('Stop emails for this wishlist entry: http://localhost:3000/wishlist/unsubscribe/tok.en');
    expect(body).toContain('<a href="http://localhost:3000/wishlist/unsubscribe/tok.en"');
  });

  it('fails the send when the server refuses the sign-in', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://reshelf:wrong@127.0.0.1:${port}`, from: 'Reshelf <no-reply@reshelf.co.za>', dataDir: '/nonexistent' });
    await expect(mailer.send({ to: 'a@b.co.za', subject: 'x', text: 'x', html: '<p>x</p>' })).rejects.toThrow();
  });
});
