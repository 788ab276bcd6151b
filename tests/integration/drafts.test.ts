import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMainServices, type MainServices } from '../../src/main/compose';
import { DEMO_ADMIN } from '../../tools/devenv/demo-accounts';
import { resetEmulators } from '../../tools/devenv/emulators';
import { createAuthAccounts } from '../../tools/devenv/seed';
import { demoEnv, emulatorHosts, freshDataDir } from '../support/integration/emulatorHosts';

const SECRET_WORDS = 'Goodwill credit for the delayed withdrawal of 12 May';

/** Every file Ledgerdesk wrote in its data folder, as text. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [readFileSync(path, 'utf8')];
  });

// The composition root's own wiring: the session's end decides whether drafts survive.
describe('drafts across sign-outs (real session, Auth emulator)', () => {
  let services: MainServices | null = null;
  let dataDir = '';

  beforeAll(async () => {
    await resetEmulators(emulatorHosts());
    await createAuthAccounts(emulatorHosts());
  });
  afterEach(async () => {
    await services?.dispose();
    services = null;
  });

  const start = async () => {
    dataDir = freshDataDir();
    services = await startMainServices({ transport: 'browser', dataDir, version: 'test', env: demoEnv() });
    const { dispatch } = services;
    const signIn = async () =>
      expect(await dispatch('session.signIn', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, rememberMe: true })).toMatchObject({ ok: true });
    const draft = async () => dispatch('drafts.get', { key: 'manage:u1' });
    return { ...services, signIn, draft };
  };

  it('keeps a draft through an idle sign-out, in memory only, and forgets it on a deliberate one', async () => {
    const { dispatch, signOut, signIn, draft } = await start();
    await signIn();
    const typed = { field: 'balance', operation: 'add', amount: '150', reason: SECRET_WORDS };
    expect(await dispatch('drafts.put', { key: 'manage:u1', value: typed })).toEqual({ ok: true, value: null });

    await signOut('idle');
    // Signed out, nobody reads it.
    expect(await draft()).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect(filesUnder(dataDir).some((text) => text.includes(SECRET_WORDS))).toBe(false);

    await signIn();
    expect(await draft()).toEqual({ ok: true, value: { value: typed } });

    await dispatch('session.signOut', {});
    await signIn();
    expect(await draft()).toEqual({ ok: true, value: { value: null } });
  });

  it('keeps it through a lock-screen sign-out too', async () => {
    const { dispatch, signOut, signIn, draft } = await start();
    await signIn();
    await dispatch('drafts.put', { key: 'manage:u1', value: { amount: '5' } });
    await signOut('screenLocked');
    await signIn();
    expect(await draft()).toEqual({ ok: true, value: { value: { amount: '5' } } });
  });
});
