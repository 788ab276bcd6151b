/**
 * CHANGELOG.md follows Keep a Changelog: an `## [Unreleased]` section collects changes, and a
 * release turns it into `## [x.y.z] - date`. Pure text functions, unit-tested.
 */
const heading = (version: string) => new RegExp(`^## \\[${version.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\][^\\n]*$`, 'm');

/** The body of one version's section (Unreleased included), or null. */
export function changelogSection(text: string, version: string): string | null {
  const match = heading(version).exec(text);
  if (!match) return null;
  const rest = text.slice(match.index + match[0].length);
  const next = rest.search(/^## \[/m);
  return (next < 0 ? rest : rest.slice(0, next)).replace(/^\n+|\s+$/g, '');
}

/** Moves what Unreleased holds under the new version, leaving an empty Unreleased above it. */
export function releaseChangelog(text: string, version: string, date: string): string {
  if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) throw new Error(`${version} is not a version (x.y.z or x.y.z-beta.n).`);
  if (heading(version).test(text)) throw new Error(`CHANGELOG.md already has a section for ${version}.`);
  const unreleased = heading('Unreleased').exec(text);
  if (!unreleased) throw new Error('CHANGELOG.md has no "## [Unreleased]" section.');
  const body = changelogSection(text, 'Unreleased');
  if (!body) throw new Error('Nothing under "## [Unreleased]": say what changed before releasing.');
  const before = text.slice(0, unreleased.index);
  const after = text.slice(unreleased.index + unreleased[0].length).replace(/^\n+/, '');
  const rest = after.slice(after.search(/^## \[/m) < 0 ? after.length : after.search(/^## \[/m));
  return `${before}## [Unreleased]\n\n## [${version}] - ${date}\n\n${body}\n\n${rest}`.replace(/\n+$/, '\n');
}

/** Why a pushed tag cannot be released as this package.json version, or null. */
export function tagProblem(tag: string, version: string, changelog: string): string | null {
  if (tag !== `v${version}`) return `The tag ${tag} is not v${version}, the version in package.json: run npm run release:version.`;
  if (!changelogSection(changelog, version)) return `CHANGELOG.md has no section for ${version}.`;
  return null;
}
