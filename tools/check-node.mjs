// Says in one line what to do when this Node is older than package.json's `engines` allows.
// Plain JavaScript with nothing to import, so it runs on whatever Node a newcomer has; it warns and
// never stops anything (`npm ci` on an older Node must still work where .ci/run could not fetch Node 24).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const parse = (version) => version.replace(/^v/, '').split('.').map(Number);

/** The sentence for a Node older than `>=M.m` (the only form `engines` uses here), or null when it is recent enough. */
export function nodeProblem(version, range) {
  const floor = /^>=\s*(\d+)\.(\d+)/.exec(range);
  if (!floor) return null;
  const [major, minor] = parse(version);
  const [needMajor, needMinor] = [Number(floor[1]), Number(floor[2])];
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return null;
  return `Ledgerdesk needs Node ${needMajor}.${needMinor} or newer (you have ${version.replace(/^v/, '')}): run \`nvm use\` (see .nvmrc) or install Node 24.`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const problem = nodeProblem(process.versions.node, pkg.engines?.node ?? '');
  if (problem) console.warn(problem);
}
