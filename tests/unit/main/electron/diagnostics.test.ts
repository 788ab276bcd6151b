import { describe, expect, it } from 'vitest';
import { diagnosticInfo, noSandboxWarning, type DiagnosticFacts } from '@main/electron/diagnostics';

const facts: DiagnosticFacts = {
  version: '0.3.1',
  packaged: true,
  platform: 'linux',
  osRelease: '6.8.0-41-generic',
  arch: 'x64',
  electron: '45.4.1',
  chrome: '148.0.7700.10',
  node: '24.11.1',
  mode: 'production',
  configFile: '/home/ada/.config/Ledgerdesk/ledgerdesk.config.json',
  logsFolder: '/home/ada/.config/Ledgerdesk/logs',
  crashDumps: '/home/ada/.config/Ledgerdesk/Crashpad',
  channel: 'beta',
  noSandbox: false
};

describe('Copy diagnostic info', () => {
  it('says the version, the OS, Electron, Chrome and Node, the mode, the channel and where files are', () => {
    expect(diagnosticInfo(facts)).toBe(
      [
        'Ledgerdesk 0.3.1 (installed)',
        'OS: linux 6.8.0-41-generic (x64)',
        'Electron 45.4.1, Chrome 148.0.7700.10, Node 24.11.1',
        'Mode: production',
        'Sandbox: on',
        'Update channel: beta',
        'Configuration file: /home/ada/.config/Ledgerdesk/ledgerdesk.config.json',
        'Logs: /home/ada/.config/Ledgerdesk/logs',
        'Crash dumps (kept on this computer): /home/ada/.config/Ledgerdesk/Crashpad'
      ].join('\n')
    );
  });

  it('carries only the named facts: a signed-in session or a configuration cannot leak into it', () => {
    const withSecrets = {
      ...facts,
      email: 'admin@acme.example',
      idToken: 'eyJhbGciOiJSUzI1NiJ9.secret',
      config: { firebase: { apiKey: 'AIzaSyFAKE' }, adminUid: 'uid-42' }
    } as DiagnosticFacts;
    const text = diagnosticInfo(withSecrets);
    for (const secret of ['admin@acme.example', 'eyJhbGci', 'AIzaSyFAKE', 'uid-42']) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/@/);
  });

  it('tells a development build from an installed one', () => {
    expect(diagnosticInfo({ ...facts, packaged: false }).split('\n')[0]).toBe('Ledgerdesk 0.3.1 (development build)');
  });

  it("says when Chromium's sandbox is off (an AppImage started with --no-sandbox), in About and in the log", () => {
    expect(diagnosticInfo({ ...facts, noSandbox: true })).toContain('\nSandbox: OFF (started with --no-sandbox)\n');
    expect(noSandboxWarning(true)).toMatch(
      /^Ledgerdesk was started with --no-sandbox: Chromium's sandbox is off.*The AppImage adds it where .* the \.deb package, with its AppArmor profile, keeps the sandbox there\.$/
    );
    expect(noSandboxWarning(false)).toMatch(/Start Ledgerdesk without it\.$/);
  });
});
