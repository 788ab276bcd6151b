import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSmtpSender } from '../../../server/mailer';
import { decodeEncodedWords, parseHeaders, readMailSink, startMailSink, type MailSink } from '../../../tools/devenv/mail-sink';

// The real nodemailer transport of server/ against the real sink, on loopback.
describe('mail sink + SMTP sender', () => {
  let sink: MailSink;
  let dir: string;

  beforeEach(async () => {
    dir = join(mkdtempSync(join(tmpdir(), 'ledgerdesk-sink-')), 'mail');
    sink = await startMailSink({ dir });
  });
  afterEach(() => sink.close());

  it('listens on 127.0.0.1 and creates its folder', () => {
    expect(sink.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('stores what the sender sends, verbatim, with decodable headers', async () => {
    const sender = createSmtpSender(sink.smtpUrl, 'mailer@acme.test');
    try {
      const { messageId } = await sender.send({
        to: 'casey@example.com',
        subject: 'Dépôt reçu — “merci” ✓',
        fromName: 'Acme "Invest" Ltd',
        html: '<p>Bonjour</p>',
        text: 'Bonjour'
      });
      expect(messageId).toMatch(/^<.+@.+>$/);
      await sender.send({ to: 'second@example.com', subject: 'Second', fromName: 'Acme', html: '<p>2</p>', text: '2' });
    } finally {
      sender.close();
    }
    const mails = await readMailSink(dir);
    expect(mails.map((m) => m.to)).toEqual(['casey@example.com', 'second@example.com']);
    const [first] = mails;
    expect(first?.file).toMatch(/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-0001\.eml$/);
    expect(first?.subject).toBe('Dépôt reçu — “merci” ✓');
    expect(first?.from).toBe('"Acme \\"Invest\\" Ltd" <mailer@acme.test>');
    expect(first?.raw).toMatch(/Content-Type: text\/plain/);
    expect(first?.raw).toMatch(/Content-Type: text\/html/);
  });

  it('makes the sender fail with a reason when no server answers', async () => {
    await sink.close();
    const sender = createSmtpSender(sink.smtpUrl);
    await expect(sender.send({ to: 'a@b.test', subject: 's', fromName: 'n', html: 'h', text: 't' })).rejects.toThrow(/ECONNREFUSED|connect/i);
    sender.close();
  });
});

describe('header decoding', () => {
  it('unfolds headers and decodes Q and B encoded-words', () => {
    const raw = 'Subject: =?UTF-8?Q?D=C3=A9p=C3=B4t_re=C3=A7u?=\r\n =?UTF-8?B?IOKckw==?=\r\nTo: a@b.test\r\n\r\nSubject: not a header\r\n';
    const headers = parseHeaders(raw);
    expect(headers.get('subject')).toBe('Dépôt reçu ✓');
    expect(headers.get('to')).toBe('a@b.test');
  });

  it('joins a character split across two words and keeps plain text between words', () => {
    // "é" is C3 A9: split across two adjacent Q words.
    expect(decodeEncodedWords('=?utf-8?q?caf=C3?= =?utf-8?q?=A9?= and =?ISO-8859-1?Q?na=EFve?= end')).toBe('café and naïve end');
    expect(decodeEncodedWords('no encoding here')).toBe('no encoding here');
  });
});
