import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DiagnosticFacts } from '@main/electron/diagnostics';
import { diagnosticsArchive, diagnosticsFileName } from '@main/electron/diagnosticsExport';
import { readZip } from '../../../support/readZip';

// Help > Export diagnostics: a zip an administrator sends to support. Secrets and addresses are
// planted in every source it reads; none may come out.
const API_KEY = 'AIzaSyPLANTED-apiKey_0123456789abcdefghi';
const ID_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJlbWFpbCI6ImFkbWluQGFjbWUuZXhhbXBsZSJ9.c2lnbmVkLWJ5LWdvb2dsZQ';
const PASSWORD = 'Planted-Passw0rd!';
const SESSION_TOKEN = 'Zm9vYmFyLXBsYW50ZWQtdG9rZW4';
const BACKEND_KEY = 'planted-backend-key-77';
const ADMIN_EMAIL = 'admin@acme.example';
const CUSTOMER_EMAIL = 'olivia.rossi@example.com';
const secrets = [API_KEY, ID_TOKEN, PASSWORD, SESSION_TOKEN, BACKEND_KEY, ADMIN_EMAIL, CUSTOMER_EMAIL];

function planted() {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-diagnostics-'));
  mkdirSync(join(dir, 'logs'));
  const configFile = join(dir, 'ledgerdesk.config.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      firebase: { apiKey: API_KEY, authDomain: 'acme.firebaseapp.com', projectId: 'acme-prod' },
      adminUid: 'uid-admin-42',
      backendUrl: `https://host.acme.example/api?key=${BACKEND_KEY}`,
      platformName: 'Acme',
      smtpPassword: PASSWORD
    })
  );
  const prefsFile = join(dir, 'preferences.json');
  writeFileSync(prefsFile, JSON.stringify({ rememberedEmail: ADMIN_EMAIL, updateChannel: 'beta' }));
  const mainLog = join(dir, 'logs', 'main.log');
  writeFileSync(
    mainLog,
    [
      `[2026-03-01 10:00:00.000] [info]  Signed in as ${ADMIN_EMAIL}`,
      `[2026-03-01 10:00:01.000] [error] Backend host refused: Authorization: Bearer ${ID_TOKEN}`,
      `[2026-03-01 10:00:02.000] [error] Renderer on /users/by-email?email=${encodeURIComponent(CUSTOMER_EMAIL)}: no customer`,
      `[2026-03-01 10:00:03.000] [warn]  Browser mode ready: http://127.0.0.1:5199/?token=${SESSION_TOKEN}`,
      `[2026-03-01 10:00:04.000] [error] Method deposits.setStatus failed on deposits/dep-0042 {"password":"${PASSWORD}"}`
    ].join('\n')
  );
  const oldLog = join(dir, 'logs', 'main.old.log');
  writeFileSync(oldLog, `[2026-02-28 09:00:00.000] [info]  Mail sent to ${CUSTOMER_EMAIL}\n`);
  return { dir, configFile, prefsFile, logFiles: [mainLog, oldLog, join(dir, 'logs', 'missing.log')] };
}

const EXPORTED_AT = new Date('2026-03-01T14:05:00Z');

const facts = (dir: string): DiagnosticFacts => ({
  version: '0.3.1',
  packaged: true,
  platform: 'linux',
  osRelease: '6.8.0',
  arch: 'x64',
  electron: '45.4.1',
  chrome: '148.0.7700.10',
  node: '24.11.1',
  mode: 'production',
  configFile: join(dir, 'ledgerdesk.config.json'),
  logsFolder: join(dir, 'logs'),
  crashDumps: join(dir, 'Crashpad'),
  channel: 'beta',
  noSandbox: true
});

function exportedArchive(): Buffer {
  const { dir, configFile, prefsFile, logFiles } = planted();
  return diagnosticsArchive({
    facts: facts(dir),
    logFiles,
    config: {
      mode: 'production',
      firebase: { apiKey: API_KEY, projectId: 'acme-prod' },
      adminUid: 'uid-admin-42',
      backendUrl: `https://host.acme.example/api?key=${BACKEND_KEY}`
    },
    files: [configFile, prefsFile],
    env: { LEDGERDESK_FIREBASE_CONFIG: JSON.stringify({ apiKey: API_KEY }), LEDGERDESK_DATA_DIR: dir, HOME: '/home/ada', SECRET_TOKEN: SESSION_TOKEN },
    now: EXPORTED_AT
  });
}

const exported = () => readZip(exportedArchive());

/** Info-ZIP's unzip and zipinfo, a reader that owes nothing to the library writing the archive. */
const infoZip = spawnSync('unzip', ['-v']).status === 0 && spawnSync('zipinfo', ['-h']).status === 0;

describe('Help > Export diagnostics', () => {
  it('holds the logs, the versions and the configuration', () => {
    const files = exported();
    expect([...files.keys()]).toEqual([
      'README.txt',
      'versions.txt',
      'configuration.json',
      'files/ledgerdesk.config.json',
      'files/preferences.json',
      'environment.txt',
      'logs/main.log',
      'logs/main.old.log'
    ]);
    const text = (name: string) => files.get(name)!.toString('utf8');
    expect(text('versions.txt')).toContain('Electron 45.4.1, Chrome 148.0.7700.10, Node 24.11.1');
    expect(text('versions.txt')).toContain('Sandbox: OFF (started with --no-sandbox)');
    expect(JSON.parse(text('configuration.json'))).toMatchObject({ mode: 'production', firebase: { projectId: 'acme-prod' }, adminUid: 'uid-admin-42' });
    expect(JSON.parse(text('files/preferences.json'))).toEqual({ rememberedEmail: '[email]', updateChannel: 'beta' });
    expect(text('environment.txt')).toBe('LEDGERDESK_DATA_DIR\nLEDGERDESK_FIREBASE_CONFIG\n');
    expect(text('logs/main.log')).toContain('Method deposits.setStatus failed on deposits/dep-0042');
    expect(text('logs/main.log').split('\n')).toHaveLength(5);
  });

  it('contains no token, password, API key or e-mail address, in any entry', () => {
    for (const [name, content] of exported()) {
      const text = content.toString('utf8');
      for (const secret of secrets) expect(text, `${secret} in ${name}`).not.toContain(secret);
      expect(text, `an address in ${name}`).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    }
  });

  it.skipIf(!infoZip)('opens in Info-ZIP unzip: every entry intact, a rw-r--r-- file dated when it was exported', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ledgerdesk-diagnostics-zip-')), 'diagnostics.zip');
    writeFileSync(file, exportedArchive());
    expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected');
    // zipinfo -T: "-rw-r--r--  2.0 unx  661 b- defN 20260301.140500 README.txt"; a zip keeps local time.
    const two = (n: number) => String(n).padStart(2, '0');
    const at = EXPORTED_AT;
    const stamp = `${at.getFullYear()}${two(at.getMonth() + 1)}${two(at.getDate())}.${two(at.getHours())}${two(at.getMinutes())}${two(at.getSeconds())}`;
    const listed = execFileSync('zipinfo', ['-T', file], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.startsWith('-'))
      .map((line) => line.split(/\s+/));
    expect(listed.map((fields) => fields.at(-1))).toEqual(expect.arrayContaining(['README.txt', 'versions.txt', 'configuration.json', 'logs/main.log']));
    for (const fields of listed) {
      expect(fields[0]).toBe('-rw-r--r--');
      expect(fields.at(-2)).toBe(stamp);
    }
  });

  it('offers a file name with the date and time', () => {
    expect(diagnosticsFileName(new Date(2026, 2, 1, 14, 5))).toBe('ledgerdesk-diagnostics-2026-03-01-1405.zip');
  });
});
