import { readMailSink } from '../../../tools/devenv/mail-sink';

/** The folder the e2e run's SMTP sink writes each delivered e-mail to (tests/support/e2e/global-setup.ts). */
export function e2eMailDir(): string {
  const mailDir = process.env.LEDGERDESK_E2E_MAIL_DIR;
  if (!mailDir) throw new Error('The e2e global setup did not start the mail sink.');
  return mailDir;
}

/** The readable text of a sunk e-mail: quoted-printable undone and base64 parts decoded. */
export function mailText(raw: string): string {
  const quoted = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const base64 = (raw.match(/(?:^[A-Za-z0-9+/=]{16,}\r?\n)+/gm) ?? []).map((block) => Buffer.from(block.replace(/\s/g, ''), 'base64').toString('utf8'));
  return [quoted, ...base64].join('\n');
}

/** The readable texts of every e-mail delivered to `email` so far. */
export async function mailsTo(email: string): Promise<string[]> {
  return (await readMailSink(e2eMailDir())).filter((m) => m.to.includes(email)).map((m) => mailText(m.raw));
}
