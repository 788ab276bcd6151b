import { describe, expect, it } from 'vitest';
import { distPlan, hasNotarizationCredentials, windowsSigningArgs } from '../../../../tools/release/releasing/plan';

const feed = { LEDGERDESK_UPDATE_URL: 'https://updates.acme.example/ledgerdesk/' };
const azure = {
  AZURE_TRUSTED_SIGNING_ENDPOINT: 'https://weu.codesigning.azure.net/',
  AZURE_TRUSTED_SIGNING_ACCOUNT: 'acme-signing',
  AZURE_TRUSTED_SIGNING_PROFILE: 'acme-public',
  AZURE_TENANT_ID: 't',
  AZURE_CLIENT_ID: 'c',
  AZURE_CLIENT_SECRET: 's',
  WIN_PUBLISHER_NAME: 'Acme Invest Ltd'
};
const apple = { CSC_LINK: 'base64cert', APPLE_API_KEY: '/k.p8', APPLE_API_KEY_ID: 'K1', APPLE_API_ISSUER: 'i' };

describe('Windows signing without a .pfx', () => {
  it('uses Azure Trusted Signing with the publisher baked into app-update.yml', () => {
    expect(windowsSigningArgs(azure)).toEqual({
      signed: true,
      problems: [],
      args: [
        '-c.win.azureSignOptions.publisherName=Acme Invest Ltd',
        '-c.win.azureSignOptions.endpoint=https://weu.codesigning.azure.net/',
        '-c.win.azureSignOptions.codeSigningAccountName=acme-signing',
        '-c.win.azureSignOptions.certificateProfileName=acme-public'
      ]
    });
  });

  it('names what a half-configured Azure signing lacks', () => {
    const { AZURE_CLIENT_SECRET: _secret, WIN_PUBLISHER_NAME: _publisher, ...half } = azure;
    expect(windowsSigningArgs(half).problems).toEqual(['Azure Trusted Signing is half configured: AZURE_CLIENT_SECRET, WIN_PUBLISHER_NAME missing.']);
  });

  it('uses the cloud-HSM sign hook when WIN_SIGN_COMMAND is given, with its publisher', () => {
    expect(windowsSigningArgs({ WIN_SIGN_COMMAND: 'smctl sign', WIN_PUBLISHER_NAME: 'Acme Invest Ltd' }).args).toEqual([
      '-c.win.signtoolOptions.sign=./tools/release/signing/windows-sign.mjs',
      '-c.win.signtoolOptions.publisherName=Acme Invest Ltd'
    ]);
    expect(windowsSigningArgs({ WIN_SIGN_COMMAND: 'smctl sign' }).problems).toHaveLength(1);
  });

  it('signs nothing when nothing is configured', () => {
    expect(windowsSigningArgs({})).toEqual({ args: [], problems: [], signed: false });
  });
});

describe('npm run dist', () => {
  it('builds the AppImage and the deb in separate runs and folders on Linux', () => {
    const plan = distPlan({ platform: 'linux', mode: 'local', env: feed, output: 'dist' });
    expect(plan.runs.map((run) => [run.label, run.output])).toEqual([
      ['AppImage', 'dist/appimage'],
      ['deb', 'dist/deb']
    ]);
    expect(plan.runs[0]?.args.slice(0, 3)).toEqual(['--linux', 'AppImage', '--x64']);
    expect(plan.runs[1]?.args).toContain('-c.directories.output=dist/deb');
    for (const run of plan.runs) expect(run.args).toContain('--publish');
  });

  it('forces code signing in a release and refuses one that would ship unsigned', () => {
    const win = distPlan({ platform: 'win32', mode: 'release', env: feed });
    expect(win.problems).toEqual([expect.stringMatching(/^A release must be signed/)]);
    const signed = distPlan({ platform: 'win32', mode: 'release', env: { ...feed, ...azure } });
    expect(signed.problems).toEqual([]);
    expect(signed.runs[0]?.args).toEqual(expect.arrayContaining(['-c.forceCodeSigning=true', '-c.win.azureSignOptions.publisherName=Acme Invest Ltd']));
  });

  it('refuses a macOS release without notarization credentials instead of shipping an un-notarized DMG', () => {
    const { APPLE_API_ISSUER: _issuer, ...noIssuer } = apple;
    expect(distPlan({ platform: 'darwin', mode: 'release', env: { ...feed, ...noIssuer } }).problems).toEqual([
      expect.stringMatching(/^A release must be notarized/)
    ]);
    expect(distPlan({ platform: 'darwin', mode: 'release', env: { ...feed, ...apple } }).problems).toEqual([]);
    expect(hasNotarizationCredentials({ APPLE_ID: 'a', APPLE_APP_SPECIFIC_PASSWORD: 'p', APPLE_TEAM_ID: 't' })).toBe(true);
    expect(hasNotarizationCredentials({ APPLE_ID: 'a', APPLE_TEAM_ID: 't' })).toBe(false);
  });

  it('refuses a release without an update feed', () => {
    expect(distPlan({ platform: 'linux', mode: 'release', env: {} }).problems).toEqual([expect.stringContaining('LEDGERDESK_UPDATE_URL')]);
  });

  it('builds unsigned test installers with signing and notarization switched off', () => {
    const mac = distPlan({ platform: 'darwin', mode: 'unsigned', env: { ...feed, ...apple } });
    expect(mac.problems).toEqual([]);
    expect(mac.runs[0]?.args).toEqual(expect.arrayContaining(['-c.mac.identity=null', '-c.mac.notarize=false']));
    expect(mac.runs[0]?.args).not.toContain('-c.forceCodeSigning=true');
    expect(mac.env).toEqual({ CSC_IDENTITY_AUTO_DISCOVERY: 'false' });
    const win = distPlan({ platform: 'win32', mode: 'unsigned', env: { ...feed, ...azure } });
    expect(win.runs[0]?.args.some((arg) => arg.includes('azureSignOptions'))).toBe(false);
  });
});
