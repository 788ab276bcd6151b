import { describe, expect, it } from 'vitest';
import { changelogSection, releaseChangelog, tagProblem } from '../../../../tools/release/releasing/changelog';

const text = `# Changelog

Intro.

## [Unreleased]

### Added

- Update channels.

## [0.1.0] - 2026-11-22

### Added

- The back-office.
`;

describe('the changelog at release time', () => {
  it('moves Unreleased under the new version and leaves an empty Unreleased', () => {
    const released = releaseChangelog(text, '0.2.0', '2026-12-01');
    expect(released).toBe(`# Changelog

Intro.

## [Unreleased]

## [0.2.0] - 2026-12-01

### Added

- Update channels.

## [0.1.0] - 2026-11-22

### Added

- The back-office.
`);
    expect(changelogSection(released, '0.2.0')).toBe('### Added\n\n- Update channels.');
    expect(changelogSection(released, 'Unreleased')).toBe('');
  });

  it('refuses a release that says nothing, a version twice, or something that is not a version', () => {
    const empty = releaseChangelog(text, '0.2.0', '2026-12-01');
    expect(() => releaseChangelog(empty, '0.2.1', '2026-12-02')).toThrow(/Nothing under/);
    expect(() => releaseChangelog(text, '0.1.0', '2026-12-02')).toThrow(/already has a section/);
    expect(() => releaseChangelog(text, 'v0.2', '2026-12-02')).toThrow(/not a version/);
  });

  it('accepts a beta version, which the beta channel carries', () => {
    expect(changelogSection(releaseChangelog(text, '0.2.0-beta.1', '2026-12-01'), '0.2.0-beta.1')).toContain('Update channels');
  });
});

describe('a pushed tag', () => {
  it('must be the version in package.json, with its changelog section', () => {
    expect(tagProblem('v0.1.0', '0.1.0', text)).toBeNull();
    expect(tagProblem('v0.2.0', '0.1.0', text)).toMatch(/not v0\.1\.0/);
    expect(tagProblem('v0.3.0', '0.3.0', text)).toMatch(/no section for 0\.3\.0/);
  });
});
