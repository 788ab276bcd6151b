import { describe, expect, it } from 'vitest';
import { idleTimeoutFrom, reauthWindowFrom, resolveConfig } from '@main/config/config';

const web = { apiKey: 'AIza-test', projectId: 'acme-invest', authDomain: 'acme-invest.firebaseapp.com' };

describe('configuration', () => {
  it('is unconfigured with nothing at all', () => {
    expect(resolveConfig({ env: {}, fileText: null })).toEqual({ mode: 'unconfigured', problem: null });
  });

  it('uses demo mode when emulator hosts are given', () => {
    const config = resolveConfig({
      env: { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' },
      fileText: null
    });
    expect(config).toMatchObject({
      mode: 'demo',
      firebase: { projectId: 'demo-ledgerdesk' },
      emulators: { authHost: '127.0.0.1:9099', firestoreHost: '127.0.0.1:8080' }
    });
  });

  it('reads production settings from the data folder file', () => {
    const fileText = JSON.stringify({ firebase: web, adminUid: 'uid-1', backendUrl: 'https://api.acme.example' });
    expect(resolveConfig({ env: {}, fileText })).toEqual({
      mode: 'production',
      firebase: web,
      adminUid: 'uid-1',
      backendUrl: 'https://api.acme.example',
      // E-mails are signed with the platform's name; the project id stands in until one is set.
      platformName: web.projectId
    });
  });

  it('takes the platform name for e-mails from the file or LEDGERDESK_PLATFORM_NAME', () => {
    const fileText = JSON.stringify({ firebase: web, platformName: 'Acme Invest' });
    expect(resolveConfig({ env: {}, fileText })).toMatchObject({ platformName: 'Acme Invest' });
    expect(resolveConfig({ env: { LEDGERDESK_PLATFORM_NAME: 'Acme Capital' }, fileText })).toMatchObject({
      platformName: 'Acme Capital'
    });
  });

  it('lets environment variables override the file, field by field', () => {
    const fileText = JSON.stringify({ firebase: web, adminUid: 'uid-1' });
    const config = resolveConfig({ env: { LEDGERDESK_ADMIN_UID: 'uid-2' }, fileText });
    expect(config).toMatchObject({ mode: 'production', adminUid: 'uid-2', firebase: web });
  });

  it('prefers a production configuration over emulator hosts', () => {
    const config = resolveConfig({
      env: { LEDGERDESK_FIREBASE_CONFIG: JSON.stringify(web), FIRESTORE_EMULATOR_HOST: 'x:1', FIREBASE_AUTH_EMULATOR_HOST: 'x:2' },
      fileText: null
    });
    expect(config.mode).toBe('production');
  });

  it('says what is wrong with a damaged file instead of crashing', () => {
    expect(resolveConfig({ env: {}, fileText: '{ not json' })).toEqual({
      mode: 'unconfigured',
      problem: 'ledgerdesk.config.json is not valid JSON.'
    });
    const missingKey = resolveConfig({ env: {}, fileText: JSON.stringify({ firebase: { projectId: 'p' } }) });
    expect(missingKey).toMatchObject({ mode: 'unconfigured' });
    if (missingKey.mode === 'unconfigured') expect(missingKey.problem).toContain('firebase.apiKey');
  });

  it('accepts LEDGERDESK_IDLE_MS only as a positive whole number, and only to shorten the 2 minutes', () => {
    expect(idleTimeoutFrom({ LEDGERDESK_IDLE_MS: '3000' }, 120_000)).toBe(3000);
    expect(idleTimeoutFrom({ LEDGERDESK_IDLE_MS: '-5' }, 120_000)).toBe(120_000);
    expect(idleTimeoutFrom({ LEDGERDESK_IDLE_MS: 'soon' }, 120_000)).toBe(120_000);
    expect(idleTimeoutFrom({}, 120_000)).toBe(120_000);
    // Only shorter: a day-long value would keep an unattended session open.
    expect(idleTimeoutFrom({ LEDGERDESK_IDLE_MS: '86400000' }, 120_000)).toBe(120_000);
    expect(idleTimeoutFrom({ LEDGERDESK_IDLE_MS: '120001' }, 120_000)).toBe(120_000);
  });

  it('lets LEDGERDESK_REAUTH_WINDOW_MS shorten the 5-minute step-up window, never lengthen it', () => {
    expect(reauthWindowFrom({})).toBe(300_000);
    expect(reauthWindowFrom({ LEDGERDESK_REAUTH_WINDOW_MS: '3000' })).toBe(3000);
    // A huge window would switch step-up off: anything above 5 minutes is held to 5 minutes.
    expect(reauthWindowFrom({ LEDGERDESK_REAUTH_WINDOW_MS: '300001' })).toBe(300_000);
    expect(reauthWindowFrom({ LEDGERDESK_REAUTH_WINDOW_MS: '86400000000' })).toBe(300_000);
    expect(reauthWindowFrom({ LEDGERDESK_REAUTH_WINDOW_MS: '-5' })).toBe(300_000);
    expect(reauthWindowFrom({ LEDGERDESK_REAUTH_WINDOW_MS: 'never' })).toBe(300_000);
  });
});
