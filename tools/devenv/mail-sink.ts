// A local SMTP sink for demo mode and tests: accepts every message on 127.0.0.1 and keeps it as an
// .eml file, so nothing ever leaves the machine and anyone can open what "was sent".
// Standalone: `tsx tools/devenv/mail-sink.ts [dir] [port]` runs one; `tsx tools/devenv/mail-sink.ts --list [dir]` lists it.
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface MailSink {
  /** smtp://127.0.0.1:PORT, ready for nodemailer's createTransport. */
  smtpUrl: string;
  dir: string;
  close(): Promise<void>;
}

export interface SunkMail {
  file: string;
  to: string;
  from: string;
  subject: string;
  raw: string;
}

const MAX_MESSAGE_BYTES = 30 * 1024 * 1024;

export async function startMailSink(options: { dir: string; port?: number }): Promise<MailSink> {
  const dir = path.resolve(options.dir);
  await mkdir(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    // No STARTTLS offered, so nodemailer (which upgrades opportunistically) stays in plain text.
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    banner: 'Ledgerdesk mail sink: nothing is delivered',
    // Clients still connected at close() are cut after this, so tests never hang on shutdown.
    closeTimeout: 1000,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
        // The timestamp makes names sort by arrival; the counter orders messages within one millisecond.
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(++count).padStart(4, '0')}.eml`;
        const file = path.join(dir, name);
        // Written aside, then renamed: a reader polling the folder never sees half a message.
        writeFile(`${file}.part`, Buffer.concat(chunks), { flag: 'wx' })
          .then(() => rename(`${file}.part`, file))
          .then(
            () => callback(null),
            (err: Error) => callback(err)
          );
      });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  let closing: Promise<void> | null = null;
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    dir,
    close: () => (closing ??= new Promise<void>((resolve) => server.close(() => resolve())))
  };
}

/** The messages in a sink folder, oldest first, with their main headers decoded. */
export async function readMailSink(dir: string): Promise<SunkMail[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const raw = await readFile(file, 'utf8');
      const headers = parseHeaders(raw);
      return { file, raw, to: headers.get('to') ?? '', from: headers.get('from') ?? '', subject: headers.get('subject') ?? '' };
    })
  );
}

/** Top-level headers, unfolded and decoded; the first occurrence of a name wins. */
export function parseHeaders(raw: string): Map<string, string> {
  const end = raw.search(/\r?\n\r?\n/);
  const block = (end === -1 ? raw : raw.slice(0, end)).replace(/\r?\n(?=[ \t])/g, '');
  const headers = new Map<string, string>();
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, decodeEncodedWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

const ENCODED_WORD = /=\?([^?\s]+)\?([bBqQ])\?([^?\s]*)\?=/g;

const wordBytes = (encoding: string, text: string): Buffer =>
  encoding.toUpperCase() === 'B'
    ? Buffer.from(text, 'base64')
    : Buffer.from(
        text.replace(/_/g, ' ').replace(/=([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1'
      );

const decodeBytes = (charset: string, bytes: Buffer): string => {
  try {
    return new TextDecoder(charset.split('*')[0]).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
};

/**
 * RFC 2047 encoded-words (=?UTF-8?Q?...?= and ?B?). Adjacent words are joined as bytes before
 * decoding, because an encoder may split one multi-byte character across two words.
 */
export function decodeEncodedWords(value: string): string {
  let out = '';
  let pending: { charset: string; bytes: Buffer[] } | null = null;
  let last = 0;
  const flush = () => {
    if (pending) out += decodeBytes(pending.charset, Buffer.concat(pending.bytes));
    pending = null;
  };
  for (const match of value.matchAll(ENCODED_WORD)) {
    const [whole, charset = 'utf-8', encoding = 'Q', text = ''] = match;
    const between = value.slice(last, match.index);
    // Whitespace between two encoded-words is not part of the text (RFC 2047 section 6.2).
    if (!(pending && /^\s*$/.test(between))) {
      flush();
      out += between;
    }
    if (pending && pending.charset.toLowerCase() !== charset.toLowerCase()) flush();
    pending ??= { charset, bytes: [] };
    pending.bytes.push(wordBytes(encoding, text));
    last = match.index + whole.length;
  }
  flush();
  return out + value.slice(last);
}

async function main(args: string[]): Promise<void> {
  if (args[0] === '--list') {
    for (const mail of await readMailSink(args[1] ?? '.ledgerdesk/mail')) {
      console.log(`${path.basename(mail.file)}  to ${mail.to}  from ${mail.from}  "${mail.subject}"`);
    }
    return;
  }
  const sink = await startMailSink({ dir: args[0] ?? '.ledgerdesk/mail', port: Number(args[1] ?? 2525) });
  console.log(`Mail sink: SMTP_URL=${sink.smtpUrl} stores messages in ${sink.dir}`);
  const stop = () => void sink.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
