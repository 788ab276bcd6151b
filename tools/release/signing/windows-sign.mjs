// electron-builder's Windows `sign` hook (win.signtoolOptions.sign, set by `npm run dist` when
// WIN_SIGN_COMMAND is given): signs each file with a key that lives in a cloud HSM, through the
// HSM vendor's own tool (DigiCert KeyLocker's smctl, SSL.com's CodeSignTool, jsign with a cloud KMS).
// WIN_SIGN_COMMAND is run by the shell with the file to sign in LEDGERDESK_SIGN_FILE, so no path
// is ever pasted into a command line. See docs/operations/releasing.md, "Signing".
import { spawnSync } from 'node:child_process';

/** electron-builder calls once per hash algorithm; SHA-1 signatures have been worthless since 2016. */
export default async function sign(configuration, env = process.env) {
  if (configuration.hash && configuration.hash !== 'sha256') return;
  const command = env.WIN_SIGN_COMMAND?.trim();
  if (!command) throw new Error('WIN_SIGN_COMMAND is not set: the sign hook has nothing to run.');
  const result = spawnSync(command, {
    shell: true,
    stdio: 'inherit',
    env: { ...env, LEDGERDESK_SIGN_FILE: configuration.path }
  });
  if (result.status !== 0) {
    throw new Error(`Signing ${configuration.path} failed: WIN_SIGN_COMMAND exited with ${result.status ?? result.signal ?? result.error?.message}.`);
  }
}
