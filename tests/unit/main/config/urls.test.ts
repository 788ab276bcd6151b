import { describe, expect, it } from 'vitest';
import { resolveConfig } from '@main/config/config';
import { backendUrlProblem, isLoopbackHost, updateFeedProblem } from '@main/config/urls';

const web = { apiKey: 'AIza-test', projectId: 'acme-invest' };
const emulators = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' };

const allowed = [
  'https://backend.acme.example',
  'https://backend.acme.example:8443/api/',
  'https://203.0.113.7/',
  'http://localhost:8787',
  'http://LOCALHOST/',
  'http://127.0.0.1:9',
  'http://127.255.255.254/',
  'http://127.1/', // the URL parser reads this as 127.0.0.1
  'http://2130706433/', // 127.0.0.1 as one number
  'http://[::1]:8787/',
  'http://[0:0:0:0:0:0:0:1]/'
];

const refused = [
  'http://backend.acme.example',
  'http://203.0.113.7/',
  'http://128.0.0.1/',
  'http://10.0.0.5:8787/',
  'http://0.0.0.0:8787/',
  'http://[::]/',
  'http://[::ffff:127.0.0.1]/',
  'http://127.0.0.1.evil.example/',
  'http://localhost.evil.example/',
  'http://localhost:8787@evil.example/',
  'http://evil.example/?next=http://localhost',
  'ftp://backend.acme.example/',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'ws://backend.acme.example/'
];

describe('https or this computer', () => {
  it.each(allowed)('accepts %s', (url) => {
    expect(backendUrlProblem('backendUrl', url)).toBeNull();
    expect(updateFeedProblem('LEDGERDESK_UPDATE_URL', url)).toBeNull();
  });

  it.each(refused)('refuses %s', (url) => {
    expect(backendUrlProblem('backendUrl', url)).toMatch(/^backendUrl must be an https:\/\/ address .* sign-in token unencrypted\.$/);
    expect(updateFeedProblem('LEDGERDESK_UPDATE_URL', url)).toMatch(/^LEDGERDESK_UPDATE_URL must be an https:\/\/ address .* replace an update\.$/);
  });

  it('says what is not an address at all', () => {
    expect(backendUrlProblem('LEDGERDESK_BACKEND_URL', 'backend.acme.example')).toBe('LEDGERDESK_BACKEND_URL is not a web address: "backend.acme.example".');
  });

  it('knows the loopback host names exactly as the URL parser writes them', () => {
    for (const host of ['localhost', '127.0.0.1', '127.8.9.10', '[::1]']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['localhost.', 'mylocalhost', '127.0.0.1.nip.io', '126.0.0.1', '::1', '[::2]']) expect(isLoopbackHost(host)).toBe(false);
  });
});

describe('configuration with addresses that would leak the token', () => {
  it('refuses a plain-http backendUrl from the file, naming the file and the field', () => {
    const config = resolveConfig({ env: {}, fileText: JSON.stringify({ firebase: web, backendUrl: 'http://backend.acme.example' }) });
    expect(config.mode).toBe('unconfigured');
    if (config.mode !== 'unconfigured') return;
    expect(config.problem).toBe(
      'ledgerdesk.config.json: backendUrl must be an https:// address (plain http:// only for this computer: localhost, 127.x.x.x, [::1]); ' +
        "http://backend.acme.example would send the administrator's sign-in token unencrypted."
    );
  });

  it('refuses a plain-http LEDGERDESK_BACKEND_URL, even over a good file', () => {
    const fileText = JSON.stringify({ firebase: web, backendUrl: 'https://backend.acme.example' });
    const config = resolveConfig({ env: { LEDGERDESK_BACKEND_URL: 'http://10.0.0.5:8787' }, fileText });
    expect(config).toMatchObject({ mode: 'unconfigured', problem: expect.stringMatching(/^LEDGERDESK_BACKEND_URL must be an https:\/\/ address/) });
  });

  it('refuses it in demo mode too', () => {
    const config = resolveConfig({ env: { ...emulators, LEDGERDESK_BACKEND_URL: 'http://mail.example' }, fileText: null });
    expect(config).toMatchObject({ mode: 'unconfigured', problem: expect.stringContaining('LEDGERDESK_BACKEND_URL') });
  });

  it('refuses a plain-http or non-web LEDGERDESK_UPDATE_URL, even with no platform configured', () => {
    expect(resolveConfig({ env: { LEDGERDESK_UPDATE_URL: 'http://updates.acme.example/' }, fileText: null })).toMatchObject({
      mode: 'unconfigured',
      problem: expect.stringMatching(/^LEDGERDESK_UPDATE_URL must be an https:\/\/ address .*http:\/\/updates\.acme\.example would let anyone/)
    });
    const fileText = JSON.stringify({ firebase: web });
    expect(resolveConfig({ env: { LEDGERDESK_UPDATE_URL: 'updates' }, fileText })).toMatchObject({
      mode: 'unconfigured',
      problem: 'LEDGERDESK_UPDATE_URL is not a web address: "updates".'
    });
  });

  it('accepts https, and plain http to this computer (the demo backend host, local tests)', () => {
    const fileText = JSON.stringify({ firebase: web, backendUrl: 'https://backend.acme.example' });
    expect(resolveConfig({ env: { LEDGERDESK_UPDATE_URL: 'https://updates.acme.example/' }, fileText })).toMatchObject({
      mode: 'production',
      backendUrl: 'https://backend.acme.example'
    });
    expect(resolveConfig({ env: { ...emulators, LEDGERDESK_BACKEND_URL: 'http://127.0.0.1:8787' }, fileText: null })).toMatchObject({
      mode: 'demo',
      backendUrl: 'http://127.0.0.1:8787'
    });
    expect(resolveConfig({ env: { LEDGERDESK_BACKEND_URL: 'http://[::1]:8787', LEDGERDESK_UPDATE_URL: 'http://localhost:9000/' }, fileText })).toMatchObject({
      mode: 'production',
      backendUrl: 'http://[::1]:8787'
    });
  });

  it('an installed build ignores LEDGERDESK_UPDATE_URL, as its updater does: a bad value cannot leave it unconfigured', () => {
    const fileText = JSON.stringify({ firebase: web });
    for (const url of ['http://updates.acme.example/', 'updates']) {
      expect(resolveConfig({ env: { LEDGERDESK_UPDATE_URL: url }, fileText, packaged: true })).toMatchObject({ mode: 'production' });
      expect(resolveConfig({ env: { LEDGERDESK_UPDATE_URL: url }, fileText: null, packaged: true })).toEqual({ mode: 'unconfigured', problem: null });
    }
    // The backend host's address is still checked: the installed copy does send it the token.
    expect(resolveConfig({ env: { LEDGERDESK_BACKEND_URL: 'http://10.0.0.5:8787' }, fileText, packaged: true })).toMatchObject({ mode: 'unconfigured' });
  });

  it('an empty LEDGERDESK_UPDATE_URL is no setting at all', () => {
    expect(resolveConfig({ env: { LEDGERDESK_UPDATE_URL: '' }, fileText: null })).toEqual({ mode: 'unconfigured', problem: null });
  });
});
