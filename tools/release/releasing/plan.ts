/**
 * What `npm run dist` runs on each OS, and what a release build refuses to go without. Pure (the
 * environment and the OS are parameters), so the rules are unit-tested; dist.ts only executes them.
 */
export type DistMode = 'local' | 'release' | 'unsigned';

export interface BuilderRun {
  label: string;
  /** electron-builder's arguments, after the config file's own settings. */
  args: string[];
  /** Where this run writes; Linux runs get a folder each (see linuxRuns). */
  output: string;
}

export interface DistPlan {
  /** Reasons not to build at all; empty when the build may go ahead. */
  problems: string[];
  runs: BuilderRun[];
  /** Extra environment for electron-builder. */
  env: Record<string, string>;
}

type Env = Readonly<Record<string, string | undefined>>;

const has = (env: Env, name: string): boolean => Boolean(env[name]?.trim());

export const AZURE_SIGNING_VARIABLES = ['AZURE_TRUSTED_SIGNING_ENDPOINT', 'AZURE_TRUSTED_SIGNING_ACCOUNT', 'AZURE_TRUSTED_SIGNING_PROFILE'] as const;
/** The service principal the Trusted Signing PowerShell module signs in with. */
export const AZURE_CREDENTIAL_VARIABLES = ['AZURE_TENANT_ID', 'AZURE_CLIENT_ID', 'AZURE_CLIENT_SECRET'] as const;

/**
 * Windows signing without a .pfx (certificate authorities stopped issuing exportable keys in 2023):
 * Azure Trusted Signing, or any cloud HSM through the sign hook (tools/release/signing/windows-sign.mjs).
 * The publisher name goes into app-update.yml, where the installed copy checks each update's signature against it.
 */
export function windowsSigningArgs(env: Env): { args: string[]; problems: string[]; signed: boolean } {
  const publisher = env.WIN_PUBLISHER_NAME?.trim();
  const azure = AZURE_SIGNING_VARIABLES.filter((name) => has(env, name));
  const problems: string[] = [];
  if (azure.length > 0) {
    const missing = [...AZURE_SIGNING_VARIABLES, ...AZURE_CREDENTIAL_VARIABLES, 'WIN_PUBLISHER_NAME'].filter((name) => !has(env, name));
    if (missing.length) return { args: [], problems: [`Azure Trusted Signing is half configured: ${missing.join(', ')} missing.`], signed: false };
    return {
      args: [
        `-c.win.azureSignOptions.publisherName=${publisher}`,
        `-c.win.azureSignOptions.endpoint=${env.AZURE_TRUSTED_SIGNING_ENDPOINT}`,
        `-c.win.azureSignOptions.codeSigningAccountName=${env.AZURE_TRUSTED_SIGNING_ACCOUNT}`,
        `-c.win.azureSignOptions.certificateProfileName=${env.AZURE_TRUSTED_SIGNING_PROFILE}`
      ],
      problems,
      signed: true
    };
  }
  if (has(env, 'WIN_SIGN_COMMAND')) {
    if (!publisher) return { args: [], problems: ['WIN_SIGN_COMMAND is set but WIN_PUBLISHER_NAME is not.'], signed: false };
    return {
      args: ['-c.win.signtoolOptions.sign=./tools/release/signing/windows-sign.mjs', `-c.win.signtoolOptions.publisherName=${publisher}`],
      problems,
      signed: true
    };
  }
  return { args: [], problems, signed: false };
}

const NOTARIZATION_SETS = [
  ['APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'],
  ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'],
  ['APPLE_KEYCHAIN_PROFILE']
] as const;

/** electron-builder skips notarization with a warning when it has no credentials; a release must not. */
export const hasNotarizationCredentials = (env: Env): boolean => NOTARIZATION_SETS.some((set) => set.every((name) => has(env, name)));

/** The AppImage and the deb each get their own run and folder: see docs/operations/releasing.md, "Linux packages". */
export const linuxRuns = (output: string): BuilderRun[] => [
  { label: 'AppImage', args: ['--linux', 'AppImage', '--x64'], output: `${output}/appimage` },
  { label: 'deb', args: ['--linux', 'deb', '--x64'], output: `${output}/deb` }
];

export function distPlan({ platform, mode, env, output = 'dist' }: { platform: NodeJS.Platform; mode: DistMode; env: Env; output?: string }): DistPlan {
  const problems: string[] = [];
  const common = ['--publish', 'never'];
  const extraEnv: Record<string, string> = {};
  let platformArgs: string[] = [];
  let runs: BuilderRun[];

  if (mode === 'release' && !has(env, 'LEDGERDESK_UPDATE_URL')) problems.push('LEDGERDESK_UPDATE_URL (the update feed baked into the installers) is not set.');
  if (mode === 'release') common.push('-c.forceCodeSigning=true');

  if (platform === 'win32') {
    const signing = windowsSigningArgs(env);
    problems.push(...signing.problems);
    if (mode === 'release' && !signing.signed && signing.problems.length === 0) {
      problems.push(
        'A release must be signed: set the Azure Trusted Signing variables or WIN_SIGN_COMMAND, and WIN_PUBLISHER_NAME (docs/operations/releasing.md, "Signing").'
      );
    }
    if (mode !== 'unsigned') platformArgs = signing.args;
    runs = [{ label: 'Windows (NSIS)', args: ['--win', '--x64'], output }];
  } else if (platform === 'darwin') {
    if (mode === 'release' && !has(env, 'CSC_LINK')) problems.push('A release must be signed: CSC_LINK (the Developer ID Application certificate) is not set.');
    if (mode === 'release' && !hasNotarizationCredentials(env)) {
      problems.push(
        'A release must be notarized: set APPLE_API_KEY, APPLE_API_KEY_ID and APPLE_API_ISSUER (or APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID).'
      );
    }
    if (mode === 'unsigned') {
      platformArgs = ['-c.mac.identity=null', '-c.mac.notarize=false'];
      extraEnv.CSC_IDENTITY_AUTO_DISCOVERY = 'false';
    }
    runs = [{ label: 'macOS (dmg, zip; x64 and arm64)', args: ['--mac', '--x64', '--arm64'], output }];
  } else {
    runs = linuxRuns(output);
  }

  return {
    problems,
    runs: runs.map((run) => ({ ...run, args: [...run.args, ...common, ...platformArgs, `-c.directories.output=${run.output}`] })),
    env: extraEnv
  };
}
