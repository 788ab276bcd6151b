/**
 * The release process's first step and its checks:
 *   npm run release:version -- 0.2.0    CHANGELOG's Unreleased becomes [0.2.0] - today, then
 *                                        `npm version` bumps package.json, commits both and tags v0.2.0
 *   tsx tools/release/version.ts --check v0.2.0   (release.yml) the tag matches package.json and CHANGELOG
 *   tsx tools/release/version.ts --notes v0.2.0   that version's CHANGELOG section, for the GitHub release
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { changelogSection, releaseChangelog, tagProblem } from './releasing/changelog';

const root = resolve(__dirname, '../..');
const changelogFile = join(root, 'CHANGELOG.md');
const changelog = () => readFileSync(changelogFile, 'utf8');
const version = (): string => JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;

function main(args: string[]): void {
  const [first, second] = args;
  if (first === '--check') {
    const problem = tagProblem(second ?? '', version(), changelog());
    if (problem) throw new Error(problem);
    console.log(`${second} is version ${version()}, with its CHANGELOG section.`);
    return;
  }
  if (first === '--notes') {
    console.log(changelogSection(changelog(), (second ?? '').replace(/^v/, '')) ?? '');
    return;
  }
  if (!first) throw new Error('Usage: npm run release:version -- <x.y.z>');
  const status = execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' });
  if (status.trim()) throw new Error('Commit or stash your changes first: the release commit holds only the version and the changelog.');
  writeFileSync(changelogFile, releaseChangelog(changelog(), first, new Date().toISOString().slice(0, 10)));
  execFileSync('git', ['add', 'CHANGELOG.md'], { cwd: root });
  execFileSync('npm', ['version', first, '-m', 'Release v%s'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  console.log(`\nTagged v${first}. Push it to build and publish the release: git push --follow-tags`);
}

try {
  main(process.argv.slice(2));
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
