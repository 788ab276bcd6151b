// Sending the administrator's e-mails through SMTP, and a plain-text part for clients that want one.
import { createTransport } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  /** Display name of the sender (the platform's company name); the address is the host's MAIL_FROM. */
  fromName: string;
  html: string;
  text: string;
  /**
   * The send's Idempotency-Key, when it has one: the message goes out with a Message-ID made from it, so
   * the same e-mail sent again under the same key (a round's attempt repeated) carries the same id, which
   * mail servers, mailboxes and an auditor use to tell one e-mail from two.
   */
  key?: string;
}

/** The Message-ID of a send under its Idempotency-Key, at the sender address's domain. */
export const messageIdOf = (key: string, mailFrom: string): string => `<${key}@${mailFrom.slice(mailFrom.lastIndexOf('@') + 1) || 'ledgerdesk'}>`;

export interface MailSender {
  /** Resolves once the SMTP server accepted the message; rejects with its reason otherwise. */
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

export const DEFAULT_MAIL_FROM = 'no-reply@ledgerdesk.test';

// Shorter timeouts than nodemailer's minutes: a caller is waiting on the HTTP answer and will retry.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

/** The longest one send waits on the mail server before it fails: connecting, its greeting, then a silent connection. */
export const LONGEST_SEND_MS = TIMEOUTS.connectionTimeout + TIMEOUTS.greetingTimeout + TIMEOUTS.socketTimeout;

/**
 * `pool`: every message over one kept connection (a sweep sending a batch) instead of a connection per
 * message; it stays open until close(), so whoever pools closes.
 */
export function createSmtpSender(smtpUrl: string, mailFrom: string = DEFAULT_MAIL_FROM, options: { pool?: boolean } = {}): MailSender {
  const transport = createTransport({ url: smtpUrl, ...TIMEOUTS, ...(options.pool ? { pool: true, maxConnections: 1 } : {}) });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        to: mail.to,
        // An address object, so nodemailer quotes/encodes the company name (no header injection via a name).
        from: { name: mail.fromName, address: mailFrom },
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        ...(mail.key ? { messageId: messageIdOf(mail.key, mailFrom) } : {})
      });
      return { messageId: info.messageId };
    },
    close: () => transport.close()
  };
}

/** SMTP commands that come before the message is handed over: a failure during them sent nothing. */
const BEFORE_THE_MESSAGE = new Set([
  'CONN',
  'EHLO',
  'HELO',
  'LHLO',
  'STARTTLS',
  'AUTH PLAIN',
  'AUTH LOGIN',
  'AUTH XOAUTH2',
  'AUTH CRAM-MD5',
  'MAIL FROM',
  'RCPT TO'
]);
/** nodemailer's codes for failures that happen before anything is sent: no server, no connection, bad login, no recipient, a message it could not build. */
const NOTHING_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EDNS', 'EAUTH', 'EENVELOPE', 'EMESSAGE', 'ESOCKET', 'ETLS']);

/**
 * Whether a failed send may still have reached the mail server. A refusal (a 4xx or 5xx reply) or a
 * failure before the message was handed over sent nothing, so the same send may be tried again. Anything
 * else (the connection lost or timed out while the message was being handed over, the server's answer
 * lost after it) may have gone out: trying again could send it twice.
 */
export function mayHaveGoneOut(error: unknown): boolean {
  const { responseCode, command, code } = (error ?? {}) as { responseCode?: unknown; command?: unknown; code?: unknown };
  if (typeof responseCode === 'number' && responseCode >= 400) return false;
  if (typeof command === 'string' && BEFORE_THE_MESSAGE.has(command)) return false;
  return !(typeof code === 'string' && NOTHING_SENT.has(code) && command !== 'DATA');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

const decodeEntity = (whole: string, body: string): string => {
  if (body[0] === '#') {
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  }
  return ENTITIES[body.toLowerCase()] ?? whole;
};

/** A readable plain-text rendering of an e-mail body: block ends become line breaks, links keep their address. */
export function htmlToText(html: string): string {
  return (
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<(script|style|head|title)\b[\s\S]*?<\/\1\s*>/gi, '')
      // As in a browser, line breaks in the source are just spaces; only the tags below break lines.
      .replace(/\s+/g, ' ')
      .replace(/<a\b[^>]*?\bhref\s*=\s*(["'])(.*?)\1[^>]*>([\s\S]*?)<\/a\s*>/gi, (_m, _q, href: string, inner: string) => {
        const label = inner.replace(/<[^>]*>/g, '').trim();
        return !label || label === href || href.startsWith('#') ? label || href : `${inner} (${href})`;
      })
      .replace(/<br\b[^>]*>/gi, '\n')
      .replace(/<li\b[^>]*>/gi, '\n- ')
      .replace(/<\/?(p|div|h[1-6]|ul|ol|table|tr|blockquote|section|article|header|footer|hr)\b[^>]*>/gi, '\n\n')
      .replace(/<\/t[dh]\s*>/gi, ' ')
      .replace(/<[^>]*>/g, '')
      // Decode after stripping tags, in one pass, so "&lt;b&gt;" stays visible text and "&amp;lt;" stays "&lt;".
      .replace(/&(#[0-9]+|#x[0-9a-f]+|[a-z]+);/gi, decodeEntity)
      .replace(/[^\S\n]+/g, ' ')
      .replace(/ *\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
