import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { zipSync, type Zippable } from 'fflate';
import { redactSecrets, scrubPersonalData } from '../../shared/domain/privacy';
import { diagnosticInfo, type DiagnosticFacts } from './diagnostics';

export interface ZipEntry {
  /** The path inside the archive, with forward slashes. */
  name: string;
  content: string;
}

export interface DiagnosticsSources {
  facts: DiagnosticFacts;
  /** main.log and main.old.log (those that exist are taken). */
  logFiles: string[];
  /** The configuration Ledgerdesk runs with (src/main/config): what it read, as it understood it. */
  config: unknown;
  /** ledgerdesk.config.json and preferences.json, as they are on disk. */
  files: string[];
  env: NodeJS.ProcessEnv;
  now: Date;
}

const readText = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

/** A JSON file redacted field by field; text that is not JSON is scrubbed as text. */
function redactedFile(text: string): string {
  try {
    return `${JSON.stringify(redactSecrets(JSON.parse(text)), null, 2)}\n`;
  } catch {
    return scrubPersonalData(text);
  }
}

/** The variables that change how Ledgerdesk runs: their names only, since a value can hold a key. */
const settingNames = (env: NodeJS.ProcessEnv): string[] =>
  Object.keys(env)
    .filter((name) => /^(LEDGERDESK_|FIREBASE_|FIRESTORE_|ELECTRON_|GCLOUD_)|^APPIMAGE$/.test(name))
    .sort();

const README = `Ledgerdesk diagnostics

versions.txt        Ledgerdesk, Electron, Chrome, Node and the operating system; the mode, the update channel and the sandbox
configuration.json  the configuration Ledgerdesk runs with, as it read it
files/              the configuration and preferences files as they are on disk
environment.txt     the names of the environment variables that change how Ledgerdesk runs (not their values)
logs/               main.log and the one before it

Every e-mail address is replaced by [email], and every token, password, API key and other secret by
[secret], before anything is written here. Record ids stay: they say what went wrong, not who.
`;

/** The name the save dialog offers: ledgerdesk-diagnostics-2026-03-01-1405.zip (local time). */
export function diagnosticsFileName(now: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `ledgerdesk-diagnostics-${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}-${two(now.getHours())}${two(now.getMinutes())}.zip`;
}

/** The entries of Help > Export diagnostics: logs, versions and configuration, without an e-mail address or a secret. */
export function diagnosticsEntries(sources: DiagnosticsSources): ZipEntry[] {
  const entries: ZipEntry[] = [
    { name: 'README.txt', content: README },
    { name: 'versions.txt', content: `${scrubPersonalData(diagnosticInfo(sources.facts))}\nExported: ${sources.now.toISOString()}\n` },
    { name: 'configuration.json', content: `${JSON.stringify(redactSecrets(sources.config), null, 2)}\n` }
  ];
  for (const file of sources.files) {
    const text = readText(file);
    if (text !== null) entries.push({ name: `files/${basename(file)}`, content: redactedFile(text) });
  }
  const names = settingNames(sources.env);
  entries.push({ name: 'environment.txt', content: names.length ? `${names.join('\n')}\n` : 'None of the variables Ledgerdesk reads is set.\n' });
  for (const file of sources.logFiles) {
    const text = readText(file);
    if (text !== null) entries.push({ name: `logs/${basename(file)}`, content: scrubPersonalData(text) });
  }
  return entries;
}

/** Each entry a regular file, rw-r--r--, made on Unix, dated when the export was made (zip keeps local time). */
const entryAttributes = (now: Date) => ({ mtime: now, os: 3, attrs: (0o100644 << 16) >>> 0 });

/**
 * The zip Help > Export diagnostics saves, each entry deflated, written by fflate (docs/architecture.md,
 * "Libraries": about 8 kB in the bundle, plain JavaScript, no native code).
 */
export function diagnosticsArchive(sources: DiagnosticsSources): Buffer {
  const files: Zippable = {};
  for (const entry of diagnosticsEntries(sources)) files[entry.name] = [Buffer.from(entry.content, 'utf8'), entryAttributes(sources.now)];
  const zipped = zipSync(files, { level: 9 });
  return Buffer.from(zipped.buffer, zipped.byteOffset, zipped.byteLength);
}
